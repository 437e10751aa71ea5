import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { withBackoff, type BackoffPolicy, type RetryDecision } from '../backoff';
import { classifyThrown, shouldRetry, type RepeatSafety } from '../failure';
import { hasDecision, withDecision } from '../toolDecision';
import { FailedAttempt } from './failedAttempt';
import { isForeignRedirect } from './redirects';

export { FailedAttempt } from './failedAttempt';
export { sendWithinOrigin } from './redirects';

/**
 * The one request pipeline of every node: pace, send (`sendWithinOrigin`: n8n's authenticated
 * helper, never a credential to another host), classify with the shared failure model, wait,
 * retry with backoff, and build the one error the user sees. A service's transport describes one
 * call as a `RequestPlan` (its adapter: credential, address, refusal codes and their fixes, pacing,
 * token renewal) and calls `callService`; the loop itself is written once, here.
 */

/** What `read` returns to send the call again at once (a renewed token), not counted as a retry. */
export const SEND_AGAIN = Symbol('sendAgain');

/** A retry decision, or the error that ends the call without `finalError`. */
export type Decision = RetryDecision | { retry: false; fail: NodeApiError };

/** The error the user sees, or the result a last failure stands for (an answer to read). */
type Final<Result> = Error | { result: Result };

interface RequestPlan<Answer, Result> extends RepeatSafety {
	/** Retries and their backoff (read per call, so tests can shorten them). */
	backoff: BackoffPolicy;
	/** Refuses an attempt before anything is sent (a quota known to be used up): throws. */
	admit?(): void;
	/**
	 * Waits for the service's pace (a rate window, a limiter slot); returns what ends the slot, given
	 * the answer when one came (a pace that slows down on refusals reads it).
	 */
	pace?(): Promise<(answer?: Answer) => void>;
	/** Sends one attempt: the request with fresh authentication, through `sendWithinOrigin`. */
	send(): Promise<Answer>;
	/**
	 * An error that `send` threw and that is not a failed request (a token the identity endpoint
	 * refused): returned to be raised unchanged. `NodeOperationError`s always are.
	 */
	ownError?(thrown: unknown): unknown;
	/**
	 * Reads one answer: the result, `SEND_AGAIN`, or throws a `FailedAttempt` (classified by the
	 * shared model) or the service's own refusal, which `decide` and `finalError` then read.
	 */
	read(answer: Answer): Result | typeof SEND_AGAIN | Promise<Result | typeof SEND_AGAIN>;
	/**
	 * Whether the failure is sent again and after how long at least, or the error that ends the
	 * call at once (`{ fail }`); by default the shared model (`shouldRetry`).
	 */
	decide?(error: unknown): Decision | Promise<Decision>;
	/** The error the user sees once the last attempt failed; or a result, when the failure is one. */
	finalError(error: unknown): Final<Result> | Promise<Final<Result>>;
	/**
	 * The longest the call waits in all for the service's own waits (`decide`'s `waitMs`): an AI
	 * agent's tool call (`TOOL_MAX_RATE_WAIT_MS`), whose model gets no answer while it waits. A
	 * wait past it ends the call at once, and its error tells the model to call again after it.
	 */
	maxWaitMs?: number;
}

const endsTheCall = (decision: Decision): decision is { retry: false; fail: NodeApiError } =>
	'fail' in decision;

/** The node's own refusals and a redirect to another host: raised as they are, never retried. */
const isFinal = (error: unknown) => error instanceof NodeOperationError || isForeignRedirect(error);

/** The default decision: the shared failure model. */
const decideByModel = (plan: RepeatSafety, error: unknown): RetryDecision =>
	error instanceof FailedAttempt && shouldRetry(error.failure, plan)
		? { retry: true }
		: { retry: false };

/** An error of a call ended before a long wait: the model calls again after it. */
function cutShort(error: Error, afterMs: number | undefined): Error {
	if (afterMs === undefined || hasDecision(error)) return error;
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		withDecision(error, { kind: 'retry', afterMs });
	}
	return error;
}

/** The one verb that calls a service: see the file's head. */
export async function callService<Answer, Result>(
	plan: RequestPlan<Answer, Result>,
): Promise<Result> {
	const attempt = async (): Promise<Result> => {
		for (;;) {
			plan.admit?.();
			const release = await plan.pace?.();
			let answer: Answer | undefined;
			let thrown: unknown;
			let answered = false;
			try {
				answer = await plan.send();
				answered = true;
			} catch (error) {
				thrown = error;
			} finally {
				release?.(answer);
			}
			if (!answered) {
				if (isFinal(thrown) || thrown instanceof FailedAttempt) throw thrown;
				const own = plan.ownError?.(thrown);
				if (own !== undefined) throw own;
				throw new FailedAttempt(classifyThrown(thrown), { original: thrown });
			}
			const result = await plan.read(answer as Answer);
			if (result !== SEND_AGAIN) return result;
		}
	};
	let ending: NodeApiError | undefined;
	let waitedMs = 0;
	/** The service's wait that would have passed `maxWaitMs`: the model calls again after it. */
	let cutShortMs: number | undefined;
	const decide = async (error: unknown): Promise<RetryDecision> => {
		if (isFinal(error)) return { retry: false };
		const decision = plan.decide ? await plan.decide(error) : decideByModel(plan, error);
		if (endsTheCall(decision)) {
			ending = decision.fail;
			return { retry: false };
		}
		const waitMs = decision.retry ? (decision.waitMs ?? 0) : 0;
		if (plan.maxWaitMs !== undefined && waitMs > 0) {
			if (waitedMs + waitMs > plan.maxWaitMs) {
				cutShortMs = waitMs;
				return { retry: false };
			}
			waitedMs += waitMs;
		}
		return decision;
	};
	let failure: unknown;
	try {
		return await withBackoff(attempt, decide, plan.backoff);
	} catch (error) {
		failure = error;
	}
	if (ending) throw ending;
	if (isFinal(failure)) throw failure;
	const final = await plan.finalError(failure);
	if (final instanceof Error) throw cutShort(final, cutShortMs);
	return final.result;
}
