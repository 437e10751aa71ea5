import type { JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { classifyAnswer, mayHaveRunError, networkCodeOf, shouldRetry } from '../shared/failure';
import { callService, FailedAttempt, type Decision } from '../shared/pipeline';
import { isPlainHttpAnswer, plainHttpAdvice } from '../shared/plainHttp';
import { isToolRun, TOOL_MAX_RATE_WAIT_MS } from '../shared/tool';
import { withDecision } from '../shared/toolDecision';
import { exhaustedWindow, secondsUntilReset } from './answers';
import {
	addressWords,
	apiError,
	brokenAnswerWords,
	cutOffError,
	mayHaveRunWords,
	notJsonError,
	quotaError,
} from './errors';
import {
	DEFAULT_MAX_RATE_WAIT_SECONDS,
	RETRY_POLICY,
	type EnrichmentContext,
	type RateWindow,
	type ServiceAnswer,
	type ServiceCall,
	type ServiceInfo,
} from './types';

/** Each window's length: the longest a used-up window can take to reset. */
const WINDOW_SECONDS: Record<RateWindow, number> = {
	second: 1,
	minute: 60,
	hourly: 3600,
	daily: 86_400,
};

/** Rate-window waits per call, beside the retries (a window can be used up again by other callers). */
const MAX_WINDOW_WAITS = 10;
/**
 * The enrichment services' adapter to the shared request pipeline (`nodes/shared/pipeline`), once
 * for both nodes:
 * - 429 (not executed) and 503 are retried with backoff; a used-up rate window is waited out
 *   beside the retries when it resets soon enough, and otherwise (a daily quota) stops the node;
 * - a reset or timeout after sending, or HTTP 500/502/504, is retried only when the call is safe to
 *   repeat; otherwise the item gets an error saying the call may have been charged;
 * - a 2xx answer that is not JSON: an HTML page means a wrong base URL; a cut-off or garbled one
 *   is retried when safe to repeat, and otherwise the item gets an error saying it may have been charged.
 * Every other status comes back as an answer for the caller to read.
 */
export async function sendWithRetries(
	ctx: EnrichmentContext,
	service: ServiceInfo,
	call: ServiceCall,
): Promise<ServiceAnswer> {
	const node = ctx.getNode();
	let windowWaits = 0;

	/** A used-up rate window: waited out when it resets within the node's longest wait. */
	const waitForWindow = async (answer: ServiceAnswer, window: RateWindow): Promise<Decision> => {
		const setting = (await service.maxRateWaitMs?.(ctx)) ?? DEFAULT_MAX_RATE_WAIT_SECONDS * 1000;
		const asTool = isToolRun(node);
		const maxWaitMs = asTool ? Math.min(setting, TOOL_MAX_RATE_WAIT_MS) : setting;
		const known =
			secondsUntilReset(answer) ??
			(window === 'second' ? undefined : await service.windowReset?.(ctx, window));
		// Without a reset time, a second or minute window resets within its length at most.
		const waitSeconds =
			known ?? (window === 'second' || window === 'minute' ? WINDOW_SECONDS[window] : undefined);
		if (
			waitSeconds !== undefined &&
			window !== 'daily' &&
			waitSeconds * 1000 <= maxWaitMs &&
			windowWaits < MAX_WINDOW_WAITS
		) {
			windowWaits++;
			return { retry: true, waitMs: waitSeconds * 1000, uncounted: true };
		}
		const fail = quotaError(node, answer, service.name, call, window, known, maxWaitMs);
		// An agent can call again once a short window resets: it is told when, not to stop.
		if (asTool && window !== 'daily' && waitSeconds !== undefined) {
			withDecision(fail, { kind: 'retry', afterMs: waitSeconds * 1000 });
		}
		return { retry: false, fail };
	};

	const decide = async (error: unknown): Promise<Decision> => {
		if (!(error instanceof FailedAttempt)) return { retry: false };
		const answer = error.answer as ServiceAnswer | undefined;
		const address = await service.address?.(ctx);
		// An https address that speaks plain HTTP: the TLS handshake failed, nothing was sent.
		const code = answer === undefined ? networkCodeOf(error.original) : undefined;
		if (isPlainHttpAnswer(code)) {
			const url = address?.url ?? "the credential's address";
			return {
				retry: false,
				fail: apiError(
					node,
					call,
					undefined,
					`The ${service.name} at ${url} did not answer over HTTPS (${code}); nothing was sent`,
					`${plainHttpAdvice(url, `the credential's ${address?.field ?? 'address'}`, code!)}.`,
				),
			};
		}
		// A 429 is "not executed": the call is sent again once the window resets.
		const window = answer?.statusCode === 429 ? exhaustedWindow(answer) : undefined;
		if (answer && window) return await waitForWindow(answer, window);
		if (!shouldRetry(error.failure, call)) return { retry: false };
		const seconds = answer?.statusCode === 429 ? secondsUntilReset(answer) : undefined;
		return { retry: true, waitMs: seconds ? seconds * 1000 : 0 };
	};

	/** The error once a failure is not (or no longer) retried; statuses come back as answers. */
	const finalError = async (error: unknown): Promise<Error | { result: ServiceAnswer }> => {
		const attempt = error as FailedAttempt;
		const { failure } = attempt;
		const answer = attempt.answer as ServiceAnswer | undefined;
		const address = await service.address?.(ctx);
		if (failure.class === 'neverSent') {
			return apiError(
				node,
				call,
				undefined,
				`The ${service.name} at ${address?.url ?? "the credential's address"} could not be reached (${failure.code}); nothing was sent`,
				`Check ${addressWords(address)} and the network.`,
			);
		}
		const brokenBody = failure.reason === 'webPage' || failure.reason === 'notJson';
		if (failure.class === 'ambiguous' && !call.safeToRepeat) {
			const what = answer
				? brokenBody
					? brokenAnswerWords(failure.reason === 'webPage' ? 'webPage' : 'cutOff', address)
					: `it answered HTTP ${answer.statusCode}`
				: failure.reason === 'cutOff'
					? brokenAnswerWords('cutOff', address)
					: `the connection broke after the request was sent (${failure.code ?? 'no answer'})`;
			return mayHaveRunError(
				node,
				mayHaveRunWords(call, service.name, what, brokenBody ? undefined : answer),
			);
		}
		if (answer && brokenBody) return notJsonError(node, answer, service.name, call, address);
		if (answer) return { result: answer };
		if (failure.reason === 'cutOff') return cutOffError(node, service.name, call, address);
		return new NodeApiError(node, attempt.original as JsonObject, { itemIndex: call.itemIndex });
	};

	return await callService<ServiceAnswer, ServiceAnswer>({
		safeToRepeat: call.safeToRepeat,
		backoff: RETRY_POLICY,
		pace: service.pace && (async () => await service.pace!(ctx)),
		send: async () => await service.send(ctx, call),
		read: (answer) => {
			const failure = classifyAnswer(answer);
			if (failure.class !== 'answered') throw new FailedAttempt(failure, { answer });
			return answer;
		},
		decide,
		// A tool call's waits add up to 30 s at most, window waits and Retry-After alike.
		...(isToolRun(node) ? { maxWaitMs: TOOL_MAX_RATE_WAIT_MS } : {}),
		finalError,
	});
}
