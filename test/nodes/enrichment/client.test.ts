import { sleep, type IExecuteFunctions, type NodeApiError } from 'n8n-workflow';

import { creditsOf, exhaustedWindow } from '../../../nodes/enrichment/answers';
import { answerError, isFatal } from '../../../nodes/enrichment/errors';
import { sendWithRetries } from '../../../nodes/enrichment/adapter';
import {
	RETRY_POLICY,
	type ServiceAnswer,
	type ServiceCall,
	type ServiceInfo,
} from '../../../nodes/enrichment/types';
import { collectPages } from '../../../nodes/enrichment/paging';
import {
	ADDRESS_HTTPS_API_EXAMPLE_TEST_DID,
	SVC_REFUSED_API_KEY_POST_V3,
	TEST_SERVICE_HTTPS_API_EXAMPLE_TEST,
	TEST_SERVICE_MAY_HAVE_RUN_CHARGED,
	TEST_SERVICE_MAY_HAVE_RUN_CHARGED_2,
} from './messages';

// Retry pauses take no time; the test reads the waits asked for.
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));
const sleepMock = sleep as jest.MockedFunction<typeof sleep>;

const answer = (
	statusCode: number,
	headers: Record<string, string> = {},
	body: unknown = {},
): ServiceAnswer => ({
	statusCode,
	headers,
	body,
});
const node = {
	id: 'n',
	name: 'Node',
	type: 'x',
	typeVersion: 1,
	position: [0, 0] as [number, number],
	parameters: {},
};
const ctx = { getNode: () => node } as unknown as IExecuteFunctions;
const lookup: ServiceCall = {
	method: 'POST',
	path: '/v3/contacts/search-and-enrich',
	itemIndex: 3,
	safeToRepeat: false,
};

/** Sends `call` against a scripted service; returns the outcome and the number of calls. */
async function run(
	script: Array<ServiceAnswer | Error>,
	call: ServiceCall = lookup,
	extra: Partial<ServiceInfo> = {},
) {
	let calls = 0;
	const service: ServiceInfo = {
		...extra,
		name: 'test service',
		address: async () =>
			await Promise.resolve({ field: 'Service URL', url: 'https://api.example.test' }),
		send: async () => {
			const next = script[Math.min(calls++, script.length - 1)];
			if (next instanceof Error) throw next;
			return next;
		},
	};
	try {
		return { answer: await sendWithRetries(ctx, service, call), calls };
	} catch (error) {
		return { error: error as NodeApiError, calls };
	}
}

const networkError = (code: string) => Object.assign(new Error(code), { code });

describe('classification of answers and failures', () => {
	beforeEach(() => sleepMock.mockClear());

	it('retries 429 with a used-up minute window, or without headers, then returns the good answer', async () => {
		const result = await run([
			answer(429, { 'x-minute-requests-left': '0', 'x-hourly-requests-left': '12' }),
			answer(429),
			answer(200, {}, { ok: 1 }),
		]);
		expect(result).toEqual({ answer: answer(200, {}, { ok: 1 }), calls: 3 });
		expect(sleepMock).toHaveBeenCalledTimes(2);
	});

	it('stops at once on a used-up daily or hourly quota, naming it and when it resets', async () => {
		const daily = await run([
			answer(429, { 'x-daily-requests-left': '0', 'x-rate-limit-daily': '100' }),
		]);
		expect(daily.calls).toBe(1);
		expect(daily.error?.message).toBe(
			"The test service's daily request quota of 100 calls is used up (HTTP 429); it resets at the start of the next day",
		);
		expect(isFatal(daily.error)).toBe(true);
		const hourly = await run([
			answer(
				429,
				{},
				{
					statusCode: 429,
					message:
						'Hourly API rate limit exceeded. Limit: 150 calls per hour. Reset in 1200 seconds',
				},
			),
		]);
		expect(hourly.calls).toBe(1);
		expect(hourly.error?.message).toMatch(
			/^The test service's hourly request quota is used up \(HTTP 429\); it resets in 1200 seconds$/,
		);
		expect(hourly.error?.description).toContain(
			"it waits for a rate window only up to 300 seconds (the credential's Longest Rate-Window Wait)",
		);
		expect(exhaustedWindow(answer(429, { 'x-hourly-requests-left': '0' }))).toBe('hourly');
	});

	it('waits at least retry-after, and gives the 429 back after the retries', async () => {
		const result = await run([answer(429, { 'retry-after': '2' })]);
		expect(result.calls).toBe(RETRY_POLICY.retries + 1);
		expect(result.answer?.statusCode).toBe(429);
		for (const [ms] of sleepMock.mock.calls) expect(ms).toBeGreaterThanOrEqual(2000);
	});

	it('never repeats a lookup after 500/502/504 or a reset after sending: the message says it may have been charged', async () => {
		for (const failure of [answer(502, { 'x-request-id': 'req-9' }), networkError('ECONNRESET')]) {
			const result = await run([failure, answer(200, {}, { ok: 1 })]);
			expect(result.calls).toBe(1);
			expect(result.error?.message).toMatch(
				/^The test service may have run and charged POST \/v3\/contacts\/search-and-enrich: .*It was not repeated, so no credit is spent twice$/,
			);
			expect(result.error?.context.itemIndex).toBe(3);
			expect(isFatal(result.error)).toBe(false);
		}
		const withId = await run([answer(504, { 'x-request-id': 'req-9' })]);
		expect(withId.error?.context.requestId).toBe('req-9');
	});

	it('repeats calls safe to repeat, and calls that never left (connection refused, 503)', async () => {
		const search = { ...lookup, safeToRepeat: true };
		expect((await run([answer(502), answer(200, {}, [])], search)).calls).toBe(2);
		expect((await run([networkError('ETIMEDOUT'), answer(200, {}, [])], search)).calls).toBe(2);
		expect((await run([networkError('ECONNREFUSED'), answer(200, {}, [])])).calls).toBe(2);
		expect((await run([answer(503), answer(200, {}, [])])).calls).toBe(2);
		expect((await run([answer(402)])).answer?.statusCode).toBe(402);
	});

	it('a cut-off 200 to a lookup is never repeated and says it may have been charged, without quoting the answer', async () => {
		const cut = '{"data":{"id":"p-1","email":"ana@example.com"';
		const result = await run([answer(200, {}, cut), answer(200, {}, { ok: 1 })]);
		expect(result.calls).toBe(1);
		expect(result.error?.message).toBe(TEST_SERVICE_MAY_HAVE_RUN_CHARGED);
		expect(result.error?.message).not.toContain('ana@example.com');
	});

	it('a cut-off 200 to a call safe to repeat is asked again, and named as such if it stays broken', async () => {
		const search = { ...lookup, safeToRepeat: true };
		expect((await run([answer(200, {}, '{"da'), answer(200, {}, [])], search)).calls).toBe(2);
		const broken = await run(
			Array.from({ length: RETRY_POLICY.retries + 1 }, () => answer(200, {}, '{"da')),
			search,
		);
		expect(broken.error?.message).toBe(TEST_SERVICE_HTTPS_API_EXAMPLE_TEST);
	});

	it('a 200 web page to a lookup: ambiguous, may have run, check the Service URL it went to', async () => {
		const result = await run([answer(200, {}, '<html><body>Welcome</body></html>')]);
		expect(result.calls).toBe(1);
		expect(result.error?.message).toBe(TEST_SERVICE_MAY_HAVE_RUN_CHARGED_2);
	});
});

describe('rate windows: waited out when short enough, a clear stop otherwise', () => {
	beforeEach(() => sleepMock.mockClear());
	const used = (window: string, extra: Record<string, string> = {}) =>
		answer(429, { [`x-${window}-requests-left`]: '0', ...extra });
	const ok = answer(200, {}, { ok: 1 });

	it('a used-up minute window without a reset time is waited out (60 s), beside the retries', async () => {
		const script = [...Array.from({ length: 7 }, () => used('minute')), ok];
		const result = await run(script);
		expect(result.answer).toEqual(ok);
		expect(result.calls).toBe(8);
		expect(sleepMock.mock.calls.map(([ms]) => ms)).toEqual(Array(7).fill(60_000));
	});

	it('a used-up second window waits 1 s', async () => {
		const result = await run([used('second'), ok]);
		expect(result.answer).toEqual(ok);
		expect(sleepMock.mock.calls.map(([ms]) => ms)).toEqual([1000]);
	});

	it("an hourly window waits for the reset the service's usage gives, when within the longest wait", async () => {
		const windowReset = jest.fn(async () => await Promise.resolve(240));
		const result = await run([used('hourly'), ok], lookup, { windowReset });
		expect(result.answer).toEqual(ok);
		expect(windowReset).toHaveBeenCalledWith(expect.anything(), 'hourly');
		expect(sleepMock.mock.calls.map(([ms]) => ms)).toEqual([240_000]);
	});

	it('a window longer than the credential allows stops, naming the window and the limit', async () => {
		const maxRateWaitMs = async () => await Promise.resolve(30_000);
		const result = await run([used('minute', { 'x-rate-limit-minute': '50' })], lookup, {
			maxRateWaitMs,
		});
		expect(result.calls).toBe(1);
		expect(result.error?.message).toBe(
			"The test service's per-minute request quota of 50 calls is used up (HTTP 429); it resets within the minute",
		);
		expect(result.error?.description).toContain('only up to 30 seconds');
		expect(isFatal(result.error)).toBe(true);
	});

	it('a used-up daily window stops at once, never waited', async () => {
		const windowReset = jest.fn(async () => await Promise.resolve(60));
		const result = await run([used('daily'), ok], lookup, { windowReset });
		expect(result.calls).toBe(1);
		expect(result.error?.message).toMatch(
			/daily request quota is used up \(HTTP 429\); it resets in 60 seconds$/,
		);
		expect(sleepMock).not.toHaveBeenCalled();
	});
});

describe('an https address that speaks plain HTTP (EPROTO)', () => {
	it('says the address did not answer over HTTPS, names the field and suggests http://; no retry', async () => {
		const result = await run([networkError('EPROTO'), answer(200)]);
		expect(result.calls).toBe(1);
		expect(result.error?.message).toBe(
			'The test service at https://api.example.test did not answer over HTTPS (EPROTO); nothing was sent',
		);
		expect(result.error?.description).toBe(ADDRESS_HTTPS_API_EXAMPLE_TEST_DID);
	});
});

describe('refusals say what to do, in the message', () => {
	it.each([
		[401, 'The svc did not accept the API key (HTTP 401); check the key in the credential', true],
		[
			402,
			'The svc account has no credits left (HTTP 402): Insufficient credits; top up the credits',
			true,
		],
		[403, SVC_REFUSED_API_KEY_POST_V3, true],
		[
			451,
			'The svc may not return this record for legal reasons (HTTP 451): Insufficient credits',
			false,
		],
	])('HTTP %i', (status, message, stopsRun) => {
		const error = answerError(
			node,
			answer(
				status,
				{ 'x-request-id': 'req-1' },
				{ statusCode: status, message: 'Insufficient credits' },
			),
			'svc',
			lookup,
		);
		expect(error.message).toBe(message);
		expect(error.context).toMatchObject({ itemIndex: 3, requestId: 'req-1' });
		expect(error.description).toMatch(/\(request ID req-1\)$/);
		expect(isFatal(error)).toBe(stopsRun);
	});
});

describe('credits reported by the services', () => {
	it('reads the header, then the body, then billing', () => {
		expect(creditsOf(answer(200, { 'x-credits-charged': '2' }))).toBe(2);
		expect(creditsOf(answer(200, {}, { creditsCharged: 1 }))).toBe(1);
		expect(creditsOf(answer(200, {}, { billing: { creditsCharged: 7 } }))).toBe(7);
		expect(creditsOf(answer(200, {}, { data: {} }))).toBeUndefined();
	});
});

describe('collectPages', () => {
	const source = Array.from({ length: 23 }, (_, n) => ({ n }));
	/** Collects up to `limit` of the 23 source records in pages of at most 5, recording each ask. */
	const collectFromSource = async (limit: number, fixedPageSize: boolean) => {
		const asked: Array<[number, number, number]> = [];
		const records = await collectPages(
			{ limit, maxPageSize: 5, fixedPageSize },
			async (page: number, offset: number, size: number) => {
				asked.push([page, offset, size]);
				return { records: source.slice(offset, offset + size), total: source.length };
			},
		);
		return { records, asked };
	};

	it('offset paging asks exactly for the remainder and stops at the limit', async () => {
		const { records, asked } = await collectFromSource(12, false);
		expect(records.map((r) => r.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
		expect(asked).toEqual([
			[0, 0, 5],
			[1, 5, 5],
			[2, 10, 2],
		]);
	});

	it('a limit under the smallest page the service takes asks for that page and keeps the limit', async () => {
		const asked: Array<[number, number, number]> = [];
		const records = await collectPages(
			{ limit: 3, maxPageSize: 50, minPageSize: 10, fixedPageSize: true },
			async (page: number, offset: number, size: number) => {
				asked.push([page, offset, size]);
				return { records: source.slice(offset, offset + size), total: source.length };
			},
		);
		expect(records.map((r) => r.n)).toEqual([0, 1, 2]);
		expect(asked).toEqual([[0, 0, 10]]);
	});

	it('page-numbered paging keeps one size and slices the last page', async () => {
		const { records, asked } = await collectFromSource(12, true);
		expect(records).toHaveLength(12);
		expect(asked).toEqual([
			[0, 0, 5],
			[1, 5, 5],
			[2, 10, 5],
		]);
	});

	it('Return All stops at the total', async () => {
		const { records, asked } = await collectFromSource(Infinity, true);
		expect(records).toHaveLength(23);
		expect(asked).toHaveLength(5);
	});

	it('stops on an empty page even without a total', async () => {
		let calls = 0;
		const records = await collectPages(
			{ limit: Infinity, maxPageSize: 5, fixedPageSize: true },
			async () => {
				calls++;
				return { records: calls === 1 ? [{ a: 1 }, { a: 2 }, { a: 3 }, { a: 4 }, { a: 5 }] : [] };
			},
		);
		expect(records).toHaveLength(5);
		expect(calls).toBe(2);
	});
});
