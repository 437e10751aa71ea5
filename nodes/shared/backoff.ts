import { sleep } from 'n8n-workflow';

export interface BackoffPolicy {
	/** Retries after the first attempt. */
	retries: number;
	baseDelayMs: number;
	maxDelayMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { retries: 5, baseDelayMs: 1000, maxDelayMs: 60_000 };

/** A transport's retry settings: the backoff between attempts and the time limit of each. */
export interface RetrySettings {
	backoff: BackoffPolicy;
	/** Per-call timeout (ms). */
	timeoutMs: number;
}

/**
 * Delay before retry number `attempt` (0-based): exponential growth with "full jitter", so many
 * workers that hit the same limit do not retry in lockstep. A server-given wait is a floor.
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

/** What to do with a failed attempt: give up (rethrow) or retry, optionally after at least `waitMs`. */
export type RetryDecision = { retry: false } | { retry: true; waitMs?: number };

/**
 * Runs `attempt` until it succeeds, `decide` says give up, or the retries are spent; the last
 * error is rethrown unchanged so callers keep their own error types.
 */
export async function withBackoff<T>(
	attempt: (attemptNumber: number) => Promise<T>,
	decide: (error: unknown, attemptNumber: number) => RetryDecision,
	policy: BackoffPolicy = DEFAULT_BACKOFF,
): Promise<T> {
	for (let attemptNumber = 0; ; attemptNumber++) {
		let failure: unknown;
		try {
			return await attempt(attemptNumber);
		} catch (error) {
			failure = error;
		}
		const decision = decide(failure, attemptNumber);
		// The caller's own error (already a NodeApiError/NodeOperationError) goes out unchanged.
		if (!decision.retry || attemptNumber >= policy.retries) throw failure;
		await sleep(backoffDelay(attemptNumber, policy, decision.waitMs));
	}
}
