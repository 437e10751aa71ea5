import type { JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import {
	classifyThrown,
	isWebPage,
	mayHaveRunError,
	type FailureReason,
} from '../../shared/failure';
import { FailedAttempt } from '../../shared/pipeline';
import { withDecision } from '../../shared/toolDecision';
import { nextQuotaReset } from './throttle';
import { timing } from './timing';
import { TokenRequestError } from './token';
import type { ApiRequest, Envelope, MarketingContext, Refusal } from './types';

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
/**
 * The service gave up waiting for a lock another change held (719). Retried only for calls that
 * are safe to repeat: a clone or create may have done part of its work.
 */
export const LOCK_WAIT_CODE = '719';

/** The asset API's folder codes, for any call that names a folder. */
export const FOLDER_REFUSALS: Record<string, Refusal> = {
	'710': {
		message: 'The folder was not found (710)',
		fix: 'Pick the folder from the list (each entry shows its type and ID); enter a program as Program:<ID>.',
	},
	'711': {
		message: 'That folder cannot hold it (711)',
		fix: 'Pick a marketing folder or a program of the same workspace, not a folder of lists, design assets or an archive.',
	},
};

/** 1020: schedules that clone their program (Clone To Program Name) are limited to 20 a day. */
export const CLONE_QUOTA_REFUSAL: Refusal = {
	message: 'No more schedules with Clone To Program Name today (1020): the service allows 20 a day',
	fix: 'The service counts them over a day: a place frees up at the latest 24 hours after the oldest of them. Schedule without Clone To Program Name (clone the program with Program → Clone instead), or run it again then.',
};

/**
 * 611 to a campaign call with tokens: the service is known to answer it when the campaign's
 * program is nested in another program, however often it is retried.
 */
export const NESTED_TOKENS_REFUSAL: Refusal = {
	message: 'The service failed with a system error (611) on a campaign run with tokens',
	fix: 'The service answers 611 to tokens of a campaign whose program is nested in another program: set the values on the program with Token → Create or Update and run the campaign without tokens, or use a campaign of a program that is not nested.',
};

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
	const reason = typeof body === 'string' && isWebPage(body) ? 'webPage' : 'notJson';
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

const BROKEN_BODY: ReadonlySet<FailureReason> = new Set(['cutOff', 'notJson', 'webPage']);

function failedAttemptError(ctx: MarketingContext, attempt: FailedAttempt, request: ApiRequest) {
	const { failure } = attempt;
	const itemIndex = request.itemIndex;
	const where = `${request.method} ${request.path}`;
	const httpStatus = failure.status && failure.reason === 'status' ? failure.status : undefined;
	if (failure.class === 'ambiguous' && !request.safeToRepeat) {
		const noAnswer = !BROKEN_BODY.has(failure.reason) && httpStatus === undefined;
		const { message, fix } = request.ambiguity ?? {
			message: noAnswer
				? `No answer to ${where}; the call was not repeated because it may have been executed`
				: httpStatus
					? `The call ${where} failed (HTTP ${httpStatus}) and may have run; it was not repeated`
					: `The answer to ${where} was cut off or not JSON; the call may have run and was not repeated`,
			fix: `${
				noAnswer
					? 'The call timed out or the connection dropped after the request was sent.'
					: 'The service may have executed the call before the answer broke.'
			} It changes data and is not safe to send twice, so check in the service whether it took effect before running it again.`,
		};
		return mayHaveRunError(ctx.getNode(), {
			message,
			description: fix,
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
	} else if (error.code === LOCK_WAIT_CODE && request.safeToRepeat) {
		description = `Another change held a lock on the asset; the call was retried ${timing.retries} times with backoff and still waited too long. Try again when the other change is done.`;
	} else if (NOT_EXECUTED_CODES.has(error.code)) {
		description = `The call was retried ${timing.retries} times with backoff and still failed; try again later.`;
	}
	let message =
		error.code === QUOTA_CODE
			? `Daily API quota reached (607): ${error.message}`
			: `The service refused the call (${error.code}): ${error.message}`;
	const explain = request.refusals?.[error.code];
	const refusal = typeof explain === 'function' ? explain(error.message) : explain;
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
