import { sleep } from 'n8n-workflow';

/**
 * Waiting for long-running work (an agent's task, a tool's job): the first look soon, then longer
 * and longer pauses, never past the time limit. Module state read at each use, so the test suite
 * can shorten it with `jest.replaceProperty`.
 */
export const pollTiming = {
	/** Pause before the first look. */
	firstDelayMs: 1000,
	/** Each pause is this much longer than the one before… */
	growth: 1.5,
	/** …up to this. */
	maxDelayMs: 15_000,
};

/**
 * Reads `read()` until `isFinished` says so or `timeLimitMs` has passed, and returns the last state
 * read: finished, or the one the time limit stopped at. The number of looks is bounded: the pauses
 * grow to `maxDelayMs`, so a limit of L ms takes at most about L / maxDelayMs + a few looks, the
 * last one at the deadline: the limit is never cut short. A limit of 0 looks once, at once.
 */
export async function pollUntil<T>(
	read: () => Promise<T>,
	isFinished: (state: T) => boolean,
	timeLimitMs: number,
): Promise<{ last: T; finished: boolean }> {
	const deadline = Date.now() + Math.max(0, timeLimitMs);
	let delay = pollTiming.firstDelayMs;
	for (;;) {
		const wait = Math.min(delay, deadline - Date.now());
		if (wait > 0) await sleep(wait);
		const last = await read();
		if (isFinished(last)) return { last, finished: true };
		// The whole time limit is used: the last look is at the deadline, never before it.
		if (Date.now() >= deadline) return { last, finished: false };
		delay = Math.min(pollTiming.maxDelayMs, Math.round(delay * pollTiming.growth));
	}
}
