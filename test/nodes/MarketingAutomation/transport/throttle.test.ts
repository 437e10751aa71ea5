/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a real socket shows the event loop's order; never shipped */
import * as net from 'node:net';

/*
 * One process's limiter, one concern: its window, calls in flight, head start, cuts and recovery
 * (limiters sharing an instance: throttleShared.test.ts).
 */
import {
	HEAD_START_MAX_MS,
	HEAD_START_MS,
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

/** Takes a limiter on the fake clock past its head start: one call, so its window is not empty. */
async function pastItsStart(limiter: InstanceLimiter): Promise<void> {
	await callOnce(limiter);
	expect(limiter.limits()).toMatchObject({ inWindow: 1 });
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

	it('sends a fresh start’s first call 25 ms ahead of the others, then its whole share at once', async () => {
		jest.useFakeTimers({ now: 1_000_000 });
		const limiter = new InstanceLimiter();
		limiter.configure({ callsPerWindow: 50, callsInFlight: 5 });
		const sentAt: number[] = [];
		const held = Array.from({ length: 5 }, () =>
			limiter.acquire().then((release) => {
				sentAt.push(Date.now());
				return release;
			}),
		);
		await jest.advanceTimersByTimeAsync(HEAD_START_MS);
		expect(sentAt).toEqual([1_000_000, 1_000_025, 1_000_025, 1_000_025, 1_000_025]);
		(await Promise.all(held)).forEach((release) => release());
		// No slow start: the whole share of 50 in the first window, the 51st waits for the window.
		const rest = await Promise.all(Array.from({ length: 45 }, () => callOnce(limiter)));
		expect(new Set(rest)).toEqual(new Set([1_000_025]));
		let late = 0;
		const waiting = callOnce(limiter).then((at) => (late = at));
		await jest.advanceTimersByTimeAsync(timing.windowMs);
		expect(late).toBe(0);
		await jest.advanceTimersByTimeAsync(1);
		await waiting;
		// A window after the first answers (the limiter's margin: a millisecond more).
		expect(late).toBe(1_020_026);
		expect(limiter.limits()).toMatchObject({ callsPerWindow: 50, callsInFlight: 5 });
	});

	it('lets the others go once the first call is answered, and holds them when it was refused', async () => {
		jest.useFakeTimers({ now: 1_000_000 });
		const limiter = new InstanceLimiter();
		limiter.configure({ callsPerWindow: 50, callsInFlight: 5 });
		const first = await limiter.acquire();
		let second = 0;
		const pending = limiter.acquire().then((release) => {
			second = Date.now();
			return release;
		});
		await jest.advanceTimersByTimeAsync(10);
		first();
		(await pending)();
		expect(second).toBe(1_000_010);
		// A window unused: a fresh start again, whose refused first call cuts it before the rest go.
		await jest.advanceTimersByTimeAsync(timing.windowMs + 1);
		const refused = await limiter.acquire();
		const others = Array.from({ length: 4 }, () =>
			limiter.acquire().then((release) => {
				const at = Date.now();
				release();
				return at;
			}),
		);
		await jest.advanceTimersByTimeAsync(2);
		limiter.rejected('615');
		refused();
		expect(limiter.limits()).toMatchObject({ callsInFlight: 2, inFlight: 0 });
		await jest.advanceTimersByTimeAsync(3_000);
		// After the 615's pause of a second, spread over the window (20 s / 50 calls).
		expect(await Promise.all(others)).toEqual([1_021_013, 1_021_413, 1_021_813, 1_022_213]);
	});

	it('starts the head start again when its timer fires late, up to half a second in all', async () => {
		jest.useFakeTimers({ now: 1_000_000 });
		const limiter = new InstanceLimiter();
		limiter.configure({ callsPerWindow: 50, callsInFlight: 5 });
		const first = await limiter.acquire();
		const sentAt: number[] = [];
		const others = Array.from({ length: 4 }, () =>
			limiter.acquire().then((release) => {
				sentAt.push(Date.now());
				return release;
			}),
		);
		// The event loop busy for 60 ms: the clock moves, the head start's timer has not run.
		jest.setSystemTime(1_000_060);
		await jest.advanceTimersByTimeAsync(HEAD_START_MS);
		expect(sentAt).toEqual([]);
		// 25 ms of a free loop after the late timer, and the others go.
		await jest.advanceTimersByTimeAsync(HEAD_START_MS);
		expect(sentAt).toEqual([1_000_110, 1_000_110, 1_000_110, 1_000_110]);
		first();
		(await Promise.all(others)).forEach((release) => release());

		// Late every time: the first call's answer never read, the others still go by 500 ms.
		await jest.advanceTimersByTimeAsync(timing.windowMs + 1);
		const start = Date.now();
		const unanswered = await limiter.acquire();
		let sent = 0;
		const held = limiter.acquire().then((release) => {
			sent = Date.now();
			return release;
		});
		for (let turn = 0; turn < 40 && sent === 0; turn++) {
			jest.setSystemTime(Date.now() + 20);
			await jest.advanceTimersByTimeAsync(HEAD_START_MS);
		}
		expect(sent - start).toBeGreaterThanOrEqual(500);
		expect(sent - start).toBeLessThan(500 + 20 + HEAD_START_MS);
		unanswered();
		(await held)();
	});

	it('holds the others twice as long as the token just got took to come back, up to 500 ms', async () => {
		jest.useFakeTimers({ now: 1_000_000 });
		const startAfterToken = async (limiter: InstanceLimiter, tokenMs: number, tokenAgeMs = 0) => {
			limiter.noteTokenRoundTrip(tokenMs);
			await jest.advanceTimersByTimeAsync(tokenAgeMs);
			const first = await limiter.acquire();
			let second = 0;
			const pending = limiter.acquire().then((release) => {
				second = Date.now();
				return release;
			});
			const start = Date.now();
			await jest.advanceTimersByTimeAsync(HEAD_START_MAX_MS + 10);
			first();
			(await pending)();
			// A window unused: the next call is a fresh start again.
			await jest.advanceTimersByTimeAsync(timing.windowMs + 1);
			return second - start;
		};
		const limiter = new InstanceLimiter();
		limiter.configure({ callsPerWindow: 50, callsInFlight: 5 });
		expect(await startAfterToken(limiter, 60)).toBe(120);
		expect(await startAfterToken(limiter, 5)).toBe(HEAD_START_MS);
		expect(await startAfterToken(limiter, 400)).toBe(HEAD_START_MAX_MS);
		// A token got long before (the process's first, an hour ago) says nothing about now.
		expect(await startAfterToken(limiter, 200, HEAD_START_MAX_MS + 1)).toBe(HEAD_START_MS);
	});

	it('reads a refusal that came while the event loop was busy before the others go', async () => {
		// Real timers and a real socket: the answer is in the kernel before the loop next turns,
		// and Node runs due timers before it reads sockets. A short window: a short pause after it.
		jest.replaceProperty(timing, 'windowMs', 200);
		const server = net.createServer();
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const port = (server.address() as net.AddressInfo).port;
		const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
		const client = net.connect(port, '127.0.0.1');
		await new Promise<void>((resolve) => client.once('connect', resolve));
		const serverSide = await accepted;
		try {
			const limiter = new InstanceLimiter();
			limiter.configure({ callsPerWindow: 50, callsInFlight: 5 });
			const events: string[] = [];
			const first = await limiter.acquire();
			client.once('data', () => {
				events.push('refusal read');
				limiter.rejected('615');
				first();
			});
			const others = Array.from({ length: 4 }, () =>
				limiter.acquire().then((release) => {
					events.push('sent');
					release();
				}),
			);
			serverSide.write('615');
			const busyUntil = Date.now() + 3 * HEAD_START_MS;
			while (Date.now() < busyUntil) {
				// The event loop is busy, as n8n's main is while it starts executions.
			}
			await Promise.all(others);
			expect(events).toEqual(['refusal read', 'sent', 'sent', 'sent', 'sent']);
			expect(limiter.limits()).toMatchObject({ callsInFlight: 2 });
		} finally {
			client.destroy();
			serverSide.destroy();
			await new Promise((resolve) => server.close(resolve));
		}
	});

	it('counts a call until a window after its answer, per instance', async () => {
		// Fake clock: the wait is asserted exactly, whatever the load of the machine.
		jest.useFakeTimers({ now: 1_000_000 });
		try {
			jest.replaceProperty(timing, 'windowMs', 150);
			const limiter = new InstanceLimiter();
			limiter.configure({ callsInFlight: 10, callsPerWindow: 4 });
			for (let i = 0; i < 4; i++) (await limiter.acquire())();
			expect(limiter.limits().inWindow).toBe(4);
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
			// A 615 pauses a second and keeps the rate of 50 calls per window: then one call every
			// 20 s / 50 calls (400 ms).
			limiter.rejected('615');
			sentAt.length = 0;
			const calls = Promise.all([call(), call(), call()]);
			await jest.advanceTimersByTimeAsync(3_000);
			await calls;
			expect(sentAt).toEqual([1_001_000, 1_001_400, 1_001_800]);
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
