/** What jest can fake: `Date` and the timers. */
type FakeableAPI = NonNullable<
	Extract<Parameters<typeof jest.useFakeTimers>[0], { doNotFake?: unknown }>['doNotFake']
>[number];

/**
 * Timers, ticks and microtasks stay real on a fixed clock: HTTP (the simulator, nock), n8n's engine
 * and the retries' pauses run as usual; only the date is set.
 */
const REAL: Array<Exclude<FakeableAPI, 'Date'>> = [
	'hrtime',
	'nextTick',
	'performance',
	'queueMicrotask',
	'requestAnimationFrame',
	'cancelAnimationFrame',
	'requestIdleCallback',
	'cancelIdleCallback',
	'setImmediate',
	'clearImmediate',
	'setInterval',
	'clearInterval',
	'setTimeout',
	'clearTimeout',
];

/**
 * Stops the date at `at` (epoch ms) for the test, in the test and in the product code alike: an
 * answer that depends on the time of day is then the same at any hour. Undo with
 * `jest.useRealTimers()`.
 */
export function fixClock(at: number): void {
	jest.useFakeTimers({ now: at, doNotFake: REAL });
}

/** Runs `body` with the date stopped at `at`, and gives the real clock back after. */
export async function onFixedClock<T>(at: number, body: () => Promise<T>): Promise<T> {
	fixClock(at);
	try {
		return await body();
	} finally {
		jest.useRealTimers();
	}
}
