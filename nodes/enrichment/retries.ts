import type { JsonObject, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { backoffDelay } from '../shared/backoff';
import { classifyAnswer, classifyThrown, shouldRetry, type Failure } from '../shared/failure';
import { exhaustedWindow, secondsUntilReset } from './answers';
import { apiError, mayHaveRunError, notJsonError, quotaError } from './errors';
import {
	RETRY_POLICY,
	type EnrichmentContext,
	type ServiceAnswer,
	type ServiceCall,
	type ServiceInfo,
} from './types';

/**
 * Sends one call through the node's transport and classifies what comes back, once for both nodes:
 * - 429 (not executed) and 503 are retried with backoff; a used-up daily/hourly quota stops the node;
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
	for (let attempt = 0; ; attempt++) {
		const canRetry = attempt < RETRY_POLICY.retries;
		let answer: ServiceAnswer | undefined;
		let thrown: unknown;
		try {
			answer = await service.send(ctx, call);
		} catch (error) {
			thrown = error;
		}
		// The node's own refusal (bad credential) was raised before anything was sent.
		if (thrown instanceof NodeOperationError) throw thrown;
		const failure = answer === undefined ? classifyThrown(thrown) : classifyAnswer(answer);
		if (failure.class === 'answered') return answer!;
		// A used-up daily or hourly quota is this service's own: it stops the node at once.
		const window = answer?.statusCode === 429 ? exhaustedWindow(answer) : undefined;
		if (answer && (window === 'daily' || window === 'hourly')) {
			throw quotaError(node, answer, service.name, call, window);
		}
		if (canRetry && shouldRetry(failure, call)) {
			const seconds = answer?.statusCode === 429 ? secondsUntilReset(answer) : undefined;
			await sleep(backoffDelay(attempt, RETRY_POLICY, seconds ? seconds * 1000 : 0));
			continue;
		}
		const outcome = finalError(node, service.name, call, failure, answer, thrown);
		if (outcome instanceof Error) throw outcome;
		return outcome;
	}
}

/** The error once a failure is not (or no longer) retried; statuses come back as answers. */
function finalError(
	node: INode,
	serviceName: string,
	call: ServiceCall,
	failure: Failure,
	answer: ServiceAnswer | undefined,
	thrown: unknown,
): Error | ServiceAnswer {
	if (failure.class === 'neverSent') {
		return apiError(
			node,
			call,
			undefined,
			`The ${serviceName} could not be reached (${failure.code}); nothing was sent`,
			"Check the credential's base URL and the network.",
		);
	}
	const brokenBody = failure.reason === 'webPage' || failure.reason === 'notJson';
	if (failure.class === 'ambiguous' && !call.safeToRepeat) {
		const what = answer
			? failure.reason === 'webPage'
				? 'its answer was a web page, not the JSON the service sends (check the base URL)'
				: brokenBody
					? 'its answer was cut off or garbled'
					: `it answered HTTP ${answer.statusCode}`
			: failure.reason === 'cutOff'
				? 'its answer was cut off or garbled'
				: `the connection broke after the request was sent (${failure.code ?? 'no answer'})`;
		return mayHaveRunError(node, call, serviceName, what, brokenBody ? undefined : answer);
	}
	if (answer && brokenBody) return notJsonError(node, answer, serviceName, call);
	if (answer) return answer;
	if (failure.reason === 'cutOff') {
		return apiError(
			node,
			call,
			undefined,
			`The ${serviceName} answered ${call.method} ${call.path} with a cut-off or garbled answer, also when asked again`,
			'Run the item again later; if it keeps failing, check that nothing between n8n and the service (a proxy) alters answers.',
		);
	}
	return new NodeApiError(node, thrown as JsonObject, { itemIndex: call.itemIndex });
}
