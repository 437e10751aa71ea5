import type { JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { classifyThrown, mayHaveRunError, type FailureReason } from '../../shared/failure';
import { FailedAttempt } from '../../shared/pipeline';
import { withDecision } from '../../shared/toolDecision';
import { nextQuotaReset } from './throttle';
import { timing } from './timing';
import { TokenRequestError } from './token';
import type { ApiRequest, Envelope, MarketingContext } from './types';

/**
 * The marketing service's own codes and the errors the node shows. Which failures are retried is
 * the shared failure model's (`nodes/shared/failure.ts`); only the 6xx codes are this service's.
 */

/** 6xx answers that mean "not executed, try again later"; 606 and 615 are the rate limits. */
export const NOT_EXECUTED_CODES = new Set(['604', '606', '608', '611', '614', '615', '713']);
/** The token was refused (601 invalid, 602 expired): renew it and replay once. */
export const TOKEN_CODES = new Set(['601', '602']);
/** The daily quota of the instance is used up. */
export const QUOTA_CODE = '607';

/** A `success: false` answer (HTTP 200) from the service. */
export class ServiceError extends Error {
	constructor(
		readonly code: string,
		message: string,
		readonly requestId?: string,
	) {
		super(message);
		this.name = 'ServiceError';
	}
}

/** The daily quota is spent; raised without a call while the instance is known to be blocked. */
export class QuotaError extends ServiceError {}

/** A whole answer that is not the service's JSON envelope: HTML, or JSON cut off or garbled. */
export function brokenAnswer(body: unknown): FailedAttempt {
	const text = typeof body === 'string' ? body : '';
	const reason: FailureReason = /^\s*</.test(text) ? 'webPage' : 'notJson';
	return new FailedAttempt(
		{ class: 'ambiguous', reason, status: 200 },
		{ original: new Error('The answer was cut off or is not the JSON the service sends') },
	);
}

/** A token error the attempt threw, itself or as its cause: its own error, never retried. */
export function tokenErrorOf(error: unknown): TokenRequestError | undefined {
	const cause = (error as { cause?: unknown })?.cause;
	if (cause instanceof TokenRequestError) return cause;
	return error instanceof TokenRequestError ? error : undefined;
}

/** The service's error in a `success: false` envelope. */
export function errorOf(envelope: Envelope): { code: string; message: string } | undefined {
	if (envelope.success !== false) return undefined;
	const first = envelope.errors?.[0];
	return {
		code: String(first?.code ?? 'unknown'),
		message: String(first?.message ?? 'The service reported a failure without a message'),
	};
}

export const isEnvelope = (answer: unknown): answer is Envelope =>
	typeof answer === 'object' &&
	answer !== null &&
	!Array.isArray(answer) &&
	typeof (answer as Envelope).success === 'boolean';

const MAY_HAVE_RUN_FIX =
	'It changes data and is not safe to send twice, so check in the service whether it took effect before running it again.';

const BROKEN_BODY: ReadonlySet<FailureReason> = new Set(['cutOff', 'notJson', 'webPage']);

function failedAttemptError(ctx: MarketingContext, attempt: FailedAttempt, request: ApiRequest) {
	const { failure } = attempt;
	const itemIndex = request.itemIndex;
	const where = `${request.method} ${request.path}`;
	const httpStatus = failure.status && failure.reason === 'status' ? failure.status : undefined;
	if (failure.class === 'ambiguous' && !request.safeToRepeat && request.ambiguity) {
		return mayHaveRunError(ctx.getNode(), {
			message: request.ambiguity.message,
			description: request.ambiguity.fix,
			status: httpStatus,
			serviceMessage: attempt.message,
			itemIndex,
		});
	}
	if (failure.class === 'ambiguous' && !request.safeToRepeat) {
		const brokenBody = BROKEN_BODY.has(failure.reason);
		const noAnswer = !brokenBody && httpStatus === undefined;
		return mayHaveRunError(ctx.getNode(), {
			message: noAnswer
				? `No answer to ${where}; the call was not repeated because it may have been executed`
				: httpStatus
					? `The call ${where} failed (HTTP ${httpStatus}) and may have run; it was not repeated`
					: `The answer to ${where} was cut off or not JSON; the call may have run and was not repeated`,
			description: `${
				noAnswer
					? 'The call timed out or the connection dropped after the request was sent.'
					: 'The service may have executed the call before the answer broke.'
			} ${MAY_HAVE_RUN_FIX}`,
			status: httpStatus,
			serviceMessage: attempt.message,
			itemIndex,
		});
	}
	if (BROKEN_BODY.has(failure.reason)) {
		return new NodeApiError(ctx.getNode(), { message: attempt.message } as JsonObject, {
			message: `The answer to ${where} was cut off or not JSON, also after ${timing.retries} retries`,
			description:
				'The call is safe to repeat and was retried with backoff; check the network between n8n and the service (a proxy may cut answers), then run it again.',
			itemIndex,
		});
	}
	const original = attempt.original as NodeApiError;
	return new NodeApiError(ctx.getNode(), { message: original.message } as JsonObject, {
		message: `The call ${where} failed${httpStatus ? ` (HTTP ${httpStatus})` : ''}: ${original.message}`,
		description: original.description ?? undefined,
		httpCode: httpStatus ? String(httpStatus) : undefined,
		itemIndex,
	});
}

function tokenError(ctx: MarketingContext, error: TokenRequestError, itemIndex?: number) {
	return new NodeApiError(ctx.getNode(), { message: error.message } as JsonObject, {
		message: `Could not get an access token: ${error.message}`,
		description:
			'Check the client ID, client secret and REST endpoint URL in the credential (admin page "Web Services"), and that the API-only user is active.',
		httpCode: error.httpCode ? String(error.httpCode) : undefined,
		itemIndex,
	});
}

function serviceError(ctx: MarketingContext, error: ServiceError, request: ApiRequest) {
	const where = `${request.method} ${request.path}`;
	const requestId = error.requestId ? ` (request ${error.requestId})` : '';
	let description = `The service answered error ${error.code} to ${where}${requestId}.`;
	if (error.code === QUOTA_CODE) {
		description =
			'The daily API quota of the instance is used up; it resets at 12:00 AM US Central time. No further calls were made.';
	} else if (error.code === '603') {
		description =
			'The API-only user lacks a permission for this call: check its role in the service.';
	} else if (TOKEN_CODES.has(error.code)) {
		description = 'A fresh token was fetched and the call replayed once, and it was refused again.';
	} else if (NOT_EXECUTED_CODES.has(error.code)) {
		description = `The call was retried ${timing.retries} times with backoff and still failed; try again later.`;
	}
	let message =
		error.code === QUOTA_CODE
			? `Daily API quota reached (607): ${error.message}`
			: `The service refused the call (${error.code}): ${error.message}`;
	const refusal = request.refusals?.[error.code];
	if (refusal) {
		message =
			typeof refusal.message === 'function' ? refusal.message(error.message) : refusal.message;
		description = `${refusal.fix} The service answered error ${error.code} to ${where}${requestId}: ${error.message}`;
	}
	const apiError = new NodeApiError(
		ctx.getNode(),
		{ code: error.code, message: error.message, requestId: error.requestId ?? '' } as JsonObject,
		{ message, description, itemIndex: request.itemIndex },
	);
	if (error.requestId) apiError.context.requestId = error.requestId;
	apiError.context.serviceCode = error.code;
	// For an AI agent's model: when the quota comes back, and the rate limit's own window.
	if (error.code === '607') {
		withDecision(apiError, { kind: 'stop', reason: 'quota', resetsAt: nextQuotaReset() });
	} else if (error.code === '606') {
		withDecision(apiError, { kind: 'retry', afterMs: timing.windowMs });
	}
	return apiError;
}

/** Wraps any failure of one call as the error the node shows. Never includes a secret. */
export function toNodeError(
	ctx: MarketingContext,
	error: unknown,
	request: ApiRequest,
): NodeApiError {
	if (error instanceof ServiceError) return serviceError(ctx, error, request);
	const tokenFailure = tokenErrorOf(error);
	if (tokenFailure) return tokenError(ctx, tokenFailure, request.itemIndex);
	return failedAttemptError(
		ctx,
		error instanceof FailedAttempt
			? error
			: new FailedAttempt(classifyThrown(error), { original: error }),
		request,
	);
}
