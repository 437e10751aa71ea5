import {
	InstanceLimiter,
	limitsOf,
	nextQuotaReset,
} from '../../../../nodes/MarketingAutomation/transport/throttle';
import { timing } from '../../../../nodes/MarketingAutomation/transport/timing';

/** One call, answered at once; resolves when it was sent. */
async function callOnce(limiter: InstanceLimiter): Promise<number> {
	const release = await limiter.acquire();
	release();
	return Date.now();
}

/**
 * Takes a limiter on the fake clock past its slow start: a call at once, one at the end of the
 * first window and one after it, which keeps the window busy when the start ends (a window after
 * the first window's last answer), so no new start begins.
 */
async function pastItsStart(limiter: InstanceLimiter): Promise<void> {
	await callOnce(limiter);
	await jest.advanceTimersByTimeAsync(timing.windowMs - 1);
	await callOnce(limiter);
	await jest.advanceTimersByTimeAsync(1);
	await callOnce(limiter);
	await jest.advanceTimersByTimeAsync(timing.windowMs - 1);
	expect(limiter.limits()).toMatchObject({ starting: false, inWindow: 1 });
}

describe('throttle', () => {
	afterEach(() => {
		jest.useRealTimers();
		jest.restoreAllMocks();
	});

	it('holds the 11th concurrent call until one finishes', async () => {
		jest.useFakeTimers({ now: 1_000_000 });
		const limiter = new InstanceLimiter();
		limiter.configure({ callsInFlight: 10, callsPerWindow: 100 });
		await pastItsStart(limiter);
		const releases = await Promise.all(Array.from({ length: 10 }, () => limiter.acquire()));
		let eleventh = false;
		const pending = limiter.acquire().then((release) => {
			eleventh = true;
			return release;
		});
		await jest.advanceTimersByTimeAsync(20);
		expect(eleventh).toBe(false);
		releases[0]();
		(await pending)();
		expect(eleventh).toBe(true);
		releases.slice(1).forEach((release) => release());
	});

	it('starts at two thirds of its share, and takes it all once its first window has left the window unrefused', async () => {
		jest.useFakeTimers({ now: 1_000_000 });
		const limiter = new InstanceLimiter();
		limiter.configure({ callsPerWindow: 50, callsInFlight: 5 });
		// Three in flight (5 × 2/3, rounded down): the fourth waits for one of them.
		const held = await Promise.all(Array.from({ length: 3 }, () => limiter.acquire()));
		let fourth = false;
		const pending = limiter.acquire().then((release) => {
			fourth = true;
			return release;
		});
		await jest.advanceTimersByTimeAsync(10);
		expect(fourth).toBe(false);
		expect(limiter.limits()).toMatchObject({
			callsPerWindow: 50,
			callsInFlight: 5,
			starting: true,
		});
		held[0]();
		(await pending)();
		// 34 calls in the first window (50 × 2/3, rounded up): the 35th waits for the window.
		const sentAt = await Promise.all(Array.from({ length: 30 }, () => callOnce(limiter)));
		expect(new Set(sentAt)).toEqual(new Set([1_000_010]));
		let late = 0;
		const waiting = callOnce(limiter).then((at) => (late = at));
		await jest.advanceTimersByTimeAsync(timing.windowMs - 1);
		expect(late).toBe(0);
		expect(limiter.limits()).toMatchObject({ inWindow: 34, inFlight: 2 });
		// The first calls leave the window (a millisecond later: the limiter's margin); the 35th
		// takes a slot, the start goes on.
		await jest.advanceTimersByTimeAsync(2);
		await waiting;
		expect(late).toBe(1_020_011);
		// The start ends once the first window's calls have all left (a window after the last
		// answer): growing sooner would add calls while the others' first calls still fill the
		// instance's window.
		await jest.advanceTimersByTimeAsync(489);
		held.slice(1).forEach((release) => release());
		await jest.advanceTimersByTimeAsync(500);
		await callOnce(limiter);
		expect(limiter.limits()).toMatchObject({ starting: true, inWindow: 4 });
		await jest.advanceTimersByTimeAsync(timing.windowMs - 501);
		expect(limiter.limits()).toMatchObject({ starting: true, inWindow: 3 });
		await jest.advanceTimersByTimeAsync(1);
		expect(limiter.limits()).toMatchObject({ starting: false, inWindow: 1 });
		// Now the whole share: 49 calls beside the one in the window, at once.
		const next = await Promise.all(Array.from({ length: 49 }, () => callOnce(limiter)));
		expect(new Set(next)).toEqual(new Set([1_040_500]));
		expect(limiter.limits().inWindow).toBe(50);
	});

	it("starts slowly again after a window unused, and a refusal while starting cuts the start's limits", async () => {
		jest.useFakeTimers({ now: 1_000_000 });
		const limiter = new InstanceLimiter();
		limiter.configure({ callsPerWindow: 50, callsInFlight: 5 });
		await pastItsStart(limiter);
		await jest.advanceTimersByTimeAsync(1);
		expect(limiter.limits()).toMatchObject({ inWindow: 0 });
		await callOnce(limiter);
		expect(limiter.limits().starting).toBe(true);
		// Cut from 34 calls and 3 in flight, not from the share of 50 and 5.
		limiter.rejected('606');
		limiter.rejected('615');
		expect(limiter.limits()).toMatchObject({
			callsPerWindow: 17,
			callsInFlight: 1,
			starting: false,
		});
	});

	it('counts a call until a window after its answer, per instance', async () => {
		// Fake clock: the wait is asserted exactly, whatever the load of the machine.
		jest.useFakeTimers({ now: 1_000_000 });
		try {
			jest.replaceProperty(timing, 'windowMs', 150);
			const limiter = new InstanceLimiter();
			// Its first window: two thirds of 4 calls, rounded up.
			limiter.configure({ callsInFlight: 10, callsPerWindow: 4 });
			for (let i = 0; i < 3; i++) (await limiter.acquire())();
			expect(limiter.limits().inWindow).toBe(3);
			const other = new InstanceLimiter();
			(await other.acquire())(); // another instance is not affected
			let fourth = false;
			const pending = limiter.acquire().then((release) => {
				fourth = true;
				release();
			});
			await jest.advanceTimersByTimeAsync(149);
			expect(fourth).toBe(false);
			await jest.advanceTimersByTimeAsync(2);
			await pending;
			expect(fourth).toBe(true);
		} finally {
			jest.useRealTimers();
		}
	});

	it('takes its settings from the credential: defaults for saved credentials, capped at the service limits', () => {
		expect(limitsOf({})).toEqual({ callsPerWindow: 50, callsInFlight: 5 });
		expect(limitsOf({ callsPer20Seconds: 25, callsInFlight: 2 })).toEqual({
			callsPerWindow: 25,
			callsInFlight: 2,
		});
		expect(limitsOf({ callsPer20Seconds: 500, callsInFlight: 40 })).toEqual({
			callsPerWindow: 100,
			callsInFlight: 10,
		});
		expect(limitsOf({ callsPer20Seconds: 0, callsInFlight: 'x' })).toEqual({
			callsPerWindow: 1,
			callsInFlight: 5,
		});
	});

	it('halves its rate on 606 and its concurrency on 615, recovers up to a ceiling below the refused value, and probes above it slowly', () => {
		let now = 1_000_000;
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		const limiter = new InstanceLimiter();
		limiter.configure({ callsPerWindow: 50, callsInFlight: 5 });
		limiter.rejected('606');
		limiter.rejected('615');
		expect(limiter.limits()).toMatchObject({ callsPerWindow: 25, callsInFlight: 2 });
		// Calls in flight when the first 606 came are refused too: one cut for all of them.
		limiter.rejected('606');
		limiter.rejected('615');
		expect(limiter.limits()).toMatchObject({ callsPerWindow: 25, callsInFlight: 2 });
		now += timing.windowMs - 1;
		expect(limiter.limits()).toMatchObject({ callsPerWindow: 25, callsInFlight: 2 });
		now += 1;
		expect(limiter.limits()).toMatchObject({ callsPerWindow: 30, callsInFlight: 3 });
		// Up to the ceilings: three quarters of the refused rate, one call in flight less.
		now += 2 * timing.windowMs;
		expect(limiter.limits()).toMatchObject({ callsPerWindow: 37, callsInFlight: 4 });
		now += timing.windowMs;
		expect(limiter.limits()).toMatchObject({ callsPerWindow: 37, callsInFlight: 4 });
		// Every fifth quiet window raises the ceilings: one call, then twice the last raise.
		now += timing.windowMs;
		expect(limiter.limits()).toMatchObject({ callsPerWindow: 38, callsInFlight: 5 });
		now += 5 * timing.windowMs;
		expect(limiter.limits()).toMatchObject({ callsPerWindow: 40, callsInFlight: 5 });
		now += 15 * timing.windowMs;
		expect(limiter.limits()).toMatchObject({ callsPerWindow: 50, callsInFlight: 5 });
		// Back at the configured limits, a new 606 (after the pause) cuts again.
		limiter.rejected('606');
		expect(limiter.limits()).toMatchObject({ callsPerWindow: 25, callsInFlight: 5 });
	});

	it('sends a burst while never refused, and spreads its calls over the window once cut', async () => {
		jest.useFakeTimers({ now: 1_000_000 });
		try {
			const limiter = new InstanceLimiter();
			limiter.configure({ callsPerWindow: 50, callsInFlight: 5 });
			const sentAt: number[] = [];
			const call = async () => {
				const release = await limiter.acquire();
				sentAt.push(Date.now());
				release();
			};
			await Promise.all([call(), call(), call()]);
			expect(sentAt).toEqual([1_000_000, 1_000_000, 1_000_000]);
			// A 615 pauses a second and keeps the rate, here the start's 34 calls per window: then one
			// call every 20 s / 34 calls (588.2 ms, rounded up to the millisecond).
			limiter.rejected('615');
			sentAt.length = 0;
			const calls = Promise.all([call(), call(), call()]);
			await jest.advanceTimersByTimeAsync(3_000);
			await calls;
			expect(sentAt).toEqual([1_001_000, 1_001_589, 1_002_178]);
		} finally {
			jest.useRealTimers();
		}
	});

	it.each([2, 3])(
		'%i limiters at the defaults sharing 100 calls per window settle within two windows to at most 1 rejection per 100 calls',
		(processes) => {
			let now = 1_000_000;
			jest.spyOn(Date, 'now').mockImplementation(() => now);
			const limiters = Array.from({ length: processes }, () => {
				const limiter = new InstanceLimiter();
				limiter.configure({ callsPerWindow: 50, callsInFlight: 5 });
				return limiter;
			});
			const paused = new Set<InstanceLimiter>();
			const perWindow: Array<{ calls: number; rejected: number }> = [];
			for (let window = 0; window < 40; window++) {
				// Each process sends its whole rate this window, unless it is waiting out a 606.
				const sent = limiters.map((l) => (paused.has(l) ? 0 : l.limits().callsPerWindow));
				paused.clear();
				const calls = sent.reduce((a, b) => a + b, 0);
				const rejected = Math.max(0, calls - 100);
				// Arrivals interleave: the refused calls fall on the senders in proportion to their calls.
				sent.forEach((n, p) => {
					if (rejected > 0 && Math.round((rejected * n) / calls) > 0) {
						limiters[p].rejected('606');
						paused.add(limiters[p]);
					}
				});
				perWindow.push({ calls, rejected });
				now += timing.windowMs;
			}
			const settled = perWindow.slice(2);
			const calls = settled.reduce((sum, w) => sum + w.calls, 0);
			const rejections = settled.reduce((sum, w) => sum + w.rejected, 0);
			expect(rejections).toBeLessThanOrEqual(calls / 100);
			// And the budget is used: on average at least 80 of the 100 calls per window.
			expect(calls / settled.length).toBeGreaterThanOrEqual(80);
		},
	);

	it('computes the quota reset as the next midnight in US Central time', () => {
		const now = Date.parse('2026-11-22T08:00:00Z'); // 02:00 CST
		expect(new Date(nextQuotaReset(now)).toISOString()).toBe('2026-11-23T06:00:00.000Z');
	});
});
