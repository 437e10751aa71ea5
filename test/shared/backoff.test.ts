import { backoffDelay, withBackoff } from '../../nodes/shared/backoff';

const policy = { retries: 3, baseDelayMs: 1, maxDelayMs: 8 };

describe('backoffDelay', () => {
	const slow = { retries: 5, baseDelayMs: 1000, maxDelayMs: 60_000 };

	it('grows exponentially with jitter between half and all of the ceiling', () => {
		expect(backoffDelay(0, slow, 0, () => 0)).toBe(500);
		expect(backoffDelay(0, slow, 0, () => 1)).toBe(1000);
		expect(backoffDelay(3, slow, 0, () => 0)).toBe(4000);
		expect(backoffDelay(3, slow, 0, () => 1)).toBe(8000);
	});

	it('never exceeds the cap, and honours a server-given minimum wait', () => {
		expect(backoffDelay(20, slow, 0, () => 1)).toBe(60_000);
		expect(backoffDelay(0, slow, 20_000, () => 1)).toBe(20_000);
	});
});

describe('withBackoff', () => {
	it('retries while the decision says so, then returns the result', async () => {
		let calls = 0;
		const result = await withBackoff(
			async () => {
				calls++;
				if (calls < 3) throw new Error(`busy ${calls}`);
				return 'ok';
			},
			() => ({ retry: true }),
			policy,
		);
		expect(result).toBe('ok');
		expect(calls).toBe(3);
	});

	it('gives up after the retries are spent and rethrows the last error unchanged', async () => {
		let calls = 0;
		const failure = withBackoff(
			async () => {
				calls++;
				throw new Error(`busy ${calls}`);
			},
			() => ({ retry: true }),
			policy,
		);
		await expect(failure).rejects.toThrow('busy 4');
		expect(calls).toBe(4);
	});

	it('does not retry when the decision says no', async () => {
		let calls = 0;
		const failure = withBackoff(
			async () => {
				calls++;
				throw new Error('quota');
			},
			() => ({ retry: false }),
			policy,
		);
		await expect(failure).rejects.toThrow('quota');
		expect(calls).toBe(1);
	});
});
