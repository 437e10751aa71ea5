import { sleep } from 'n8n-workflow';

export interface BackoffPolicy {
	/** Retries after the first attempt. */
	retries: number;
	baseDelayMs: number;
	maxDelayMs: number;
}

/**
 * Delay before retry number `attempt` (0-based): exponential growth with "equal jitter" (half the
 * ceiling fixed, half random), so many workers that hit the same limit do not retry in lockstep.
 * A server-given wait is a floor.
 */
export function backoffDelay(
	attempt: number,
	policy: BackoffPolicy,
	minimumMs = 0,
	random: () => number = Math.random,
): number {
	const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
	const jittered = Math.round(ceiling / 2 + (random() * ceiling) / 2);
	return Math.max(minimumMs, jittered);
}

/**
 * What to do with a failed attempt: give up (rethrow) or retry, optionally after at least `waitMs`.
 * An `uncounted` retry (a service's rate window that resets) waits exactly `waitMs` and spends no
 * retry: the caller bounds how often it says so.
 */
export type RetryDecision =
	| { retry: false }
	| { retry: true; waitMs?: number }
	| { retry: true; waitMs: number; uncounted: true };

/**
 * Runs `attempt` until it succeeds, `decide` says give up, or the retries are spent; the last
 * error is rethrown unchanged so callers keep their own error types.
 */
export async function withBackoff<T>(
	attempt: (attemptNumber: number) => Promise<T>,
	decide: (error: unknown, attemptNumber: number) => RetryDecision | Promise<RetryDecision>,
	policy: BackoffPolicy,
): Promise<T> {
	for (let attemptNumber = 0; ; attemptNumber++) {
		let failure: unknown;
		try {
			return await attempt(attemptNumber);
		} catch (error) {
			failure = error;
		}
		const decision = await decide(failure, attemptNumber);
		if (decision.retry && 'uncounted' in decision) {
			await sleep(decision.waitMs);
			attemptNumber--;
			continue;
		}
		// The caller's own error (already a NodeApiError/NodeOperationError) goes out unchanged.
		if (!decision.retry || attemptNumber >= policy.retries) throw failure;
		await sleep(backoffDelay(attemptNumber, policy, decision.waitMs));
	}
}
