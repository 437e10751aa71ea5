import { NodeApiError, NodeOperationError, sleep, type INode } from 'n8n-workflow';

import { withBackoff } from '../../nodes/shared/backoff';
import { callService, FailedAttempt, SEND_AGAIN } from '../../nodes/shared/pipeline';

// Pauses take no time; the test reads the waits asked for.
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));
const sleepMock = sleep as jest.MockedFunction<typeof sleep>;

const node: INode = {
	id: 'n',
	name: 'Node',
	type: 'x',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const policy = { retries: 2, baseDelayMs: 1, maxDelayMs: 4 };
const reset = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

/** A plan that answers `script` in turn (an Error is thrown), read as the answer itself. */
function scripted(script: Array<string | Error>, safeToRepeat = true) {
	let sent = 0;
	const plan = {
		safeToRepeat,
		backoff: policy,
		send: async () => {
			const next = script[Math.min(sent++, script.length - 1)];
			if (next instanceof Error) throw next;
			return await Promise.resolve(next);
		},
		read: (answer: string) => answer,
		finalError: (error: unknown) =>
			new Error(`final: ${error instanceof FailedAttempt ? error.failure.reason : 'other'}`),
	};
	return { plan, sent: () => sent };
}

describe('withBackoff', () => {
	beforeEach(() => sleepMock.mockClear());

	it('an uncounted retry waits exactly its time and spends no retry', async () => {
		let calls = 0;
		const result = await withBackoff(
			async () => {
				calls++;
				if (calls < 5) throw new Error(`window ${calls}`);
				return 'ok';
			},
			() => ({ retry: true, waitMs: 1000, uncounted: true }),
			policy,
		);
		expect(result).toBe('ok');
		expect(calls).toBe(5);
		expect(sleepMock.mock.calls.map(([ms]) => ms)).toEqual([1000, 1000, 1000, 1000]);
	});
});

describe('callService', () => {
	beforeEach(() => sleepMock.mockClear());

	it('retries a failure the shared model retries, then returns the answer', async () => {
		const { plan, sent } = scripted([reset(), 'ok']);
		await expect(callService(plan)).resolves.toBe('ok');
		expect(sent()).toBe(2);
	});

	it('never repeats an ambiguous failure of a call not safe to repeat', async () => {
		const { plan, sent } = scripted([reset(), 'ok'], false);
		await expect(callService(plan)).rejects.toThrow('final: reset');
		expect(sent()).toBe(1);
	});

	it('gives the last failure to finalError once the retries are spent', async () => {
		const { plan, sent } = scripted([reset()]);
		await expect(callService(plan)).rejects.toThrow('final: reset');
		expect(sent()).toBe(3);
	});

	it('sends again at once, no retry spent, when read says so (a renewed token)', async () => {
		const { plan, sent } = scripted(['refused', 'refused', 'refused', 'ok']);
		let renewals = 0;
		const answer = await callService({
			...plan,
			read: (answer: string) => (answer === 'refused' && renewals++ < 3 ? SEND_AGAIN : answer),
		});
		expect(answer).toBe('ok');
		expect(sent()).toBe(4);
		expect(sleepMock).not.toHaveBeenCalled();
	});

	it('paces every attempt and ends each slot, also a failed one', async () => {
		const { plan } = scripted([reset(), 'ok']);
		const events: string[] = [];
		await callService({
			...plan,
			pace: async () => {
				events.push('slot');
				return await Promise.resolve(() => events.push('end'));
			},
		});
		expect(events).toEqual(['slot', 'end', 'slot', 'end']);
	});

	it("raises the node's own refusal and a decision's error as they are, without finalError", async () => {
		const refusal = new NodeOperationError(node, 'no credential');
		await expect(callService(scripted([refusal]).plan)).rejects.toBe(refusal);

		const quota = new NodeApiError(node, { message: 'quota' }, { message: 'quota used up' });
		const { plan, sent } = scripted([reset(), 'ok']);
		await expect(
			callService({ ...plan, decide: () => ({ retry: false, fail: quota }) }),
		).rejects.toBe(quota);
		expect(sent()).toBe(1);
	});
});

describe("callService's longest wait (an AI agent's tool call)", () => {
	beforeEach(() => sleepMock.mockClear());

	const failureOf = async (plan: Parameters<typeof callService<number, number>>[0]) => {
		try {
			await callService(plan);
		} catch (error) {
			return error as NodeApiError;
		}
		throw new Error('the call did not fail');
	};

	const rateLimited = (maxWaitMs?: number) => {
		let sent = 0;
		const plan = {
			safeToRepeat: true,
			backoff: { retries: 4, baseDelayMs: 1, maxDelayMs: 4 },
			send: async () => await Promise.resolve(++sent),
			read: (): number => {
				throw new Error('rate limited');
			},
			// The service says: wait 20 s each time.
			decide: () => ({ retry: true as const, waitMs: 20_000 }),
			finalError: () => new NodeApiError(node, { message: 'x' }, { message: 'Rate limited' }),
			...(maxWaitMs === undefined ? {} : { maxWaitMs }),
		};
		return { plan, sent: () => sent };
	};

	it('waits no longer than the bound, then ends the call telling the model when to call again', async () => {
		const { plan, sent } = rateLimited(30_000);
		const error = await failureOf(plan);
		expect(sent()).toBe(2);
		expect(sleepMock.mock.calls.map(([ms]) => ms)).toEqual([20_000]);
		expect(error.context.toolDecision).toEqual({ kind: 'retry', afterMs: 20_000 });
	});

	it('without a bound (editor runs), every retry waits as the service says', async () => {
		const { plan, sent } = rateLimited();
		const error = await failureOf(plan);
		expect(sent()).toBe(5);
		expect(sleepMock.mock.calls.map(([ms]) => ms)).toEqual([20_000, 20_000, 20_000, 20_000]);
		expect(error.context.toolDecision).toBeUndefined();
	});
});
