import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INode,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import {
	DEFAULT_BACKOFF,
	withBackoff,
	type RetryDecision,
	type RetrySettings,
} from '../shared/backoff';

/** One call to an enrichment service, as the node's transport sends it. */
export interface ServiceCall {
	method: IHttpRequestMethods;
	/** Path below the credential's base URL, with one leading slash. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	/** The item the call is made for (the first asking item of a deduplicated or bulk call). */
	itemIndex: number;
}

/** The service's answer: every HTTP status arrives here, the transport does not throw on them. */
export interface ServiceAnswer {
	statusCode: number;
	body: unknown;
	headers: Record<string, string | string[] | undefined>;
}

/** 429 and transient 5xx are retried; the service documents no Retry-After, so backoff decides. */
export const enrichmentRetrySettings: RetrySettings = {
	backoff: { ...DEFAULT_BACKOFF, retries: 5, maxDelayMs: 60_000 },
	timeoutMs: 60_000,
};

/** Tests and benchmarks only: a short backoff keeps them fast. */
export function setEnrichmentRetrySettings(settings: Partial<RetrySettings>): void {
	Object.assign(enrichmentRetrySettings, settings);
}

const TRANSIENT = new Set([500, 502, 503, 504]);

export function header(answer: ServiceAnswer, name: string): string | undefined {
	const value = answer.headers[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
}

/** Which rate-limit window is used up, from the remaining-requests headers (if the service sends them). */
export function exhaustedWindow(answer: ServiceAnswer): 'daily' | 'hourly' | 'minute' | undefined {
	for (const window of ['daily', 'hourly', 'minute'] as const) {
		if (header(answer, `x-${window}-requests-left`) === '0') return window;
	}
	return undefined;
}

/**
 * Decides whether an answer is worth another attempt. A used-up daily or hourly window is not
 * retried: waiting for it inside one execution would hold the workflow for hours. A used-up minute
 * window, or a 429 without headers, is retried with exponential backoff and jitter; `retry-after`
 * or `x-ratelimit-reset` (seconds), when present, set the least wait.
 */
export function retryDecision(answer: ServiceAnswer): RetryDecision {
	if (TRANSIENT.has(answer.statusCode)) return { retry: true };
	if (answer.statusCode !== 429) return { retry: false };
	const window = exhaustedWindow(answer);
	if (window === 'daily' || window === 'hourly') return { retry: false };
	const seconds = Number(header(answer, 'retry-after') ?? header(answer, 'x-ratelimit-reset'));
	if (Number.isFinite(seconds) && seconds > 0) {
		return {
			retry: true,
			waitMs: Math.min(seconds * 1000, enrichmentRetrySettings.backoff.maxDelayMs),
		};
	}
	return { retry: true };
}

class RetryableAnswer extends Error {
	constructor(readonly answer: ServiceAnswer) {
		super(`HTTP ${answer.statusCode}`);
	}
}

/**
 * Sends `send` until the answer is not a retryable one or the retries are spent; returns the last
 * answer either way (the caller turns an error status into its own error).
 */
export async function sendWithRetry(
	node: INode,
	send: () => Promise<ServiceAnswer>,
): Promise<ServiceAnswer> {
	try {
		return await withBackoff(
			async () => {
				const answer = await send();
				if (retryDecision(answer).retry) throw new RetryableAnswer(answer);
				return answer;
			},
			(error) =>
				error instanceof RetryableAnswer ? retryDecision(error.answer) : { retry: false },
			enrichmentRetrySettings.backoff,
		);
	} catch (error) {
		if (error instanceof RetryableAnswer) return error.answer;
		// No answer at all (connection refused, timeout): n8n's NodeApiError passes through as is.
		throw new NodeApiError(node, error as JsonObject);
	}
}

/** Credits the service reports for one answer (header `x-credits-charged` or body `creditsCharged`). */
export function creditsOf(answer: ServiceAnswer): number | undefined {
	const fromHeader = Number(header(answer, 'x-credits-charged'));
	if (header(answer, 'x-credits-charged') !== undefined && Number.isFinite(fromHeader)) {
		return fromHeader;
	}
	const body = answer.body as IDataObject | undefined;
	const fromBody =
		body && typeof body === 'object'
			? (body.creditsCharged ?? (body.billing as IDataObject)?.creditsCharged)
			: undefined;
	return typeof fromBody === 'number' ? fromBody : undefined;
}

function messageOf(body: unknown): string | undefined {
	if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 300);
	if (!body || typeof body !== 'object') return undefined;
	const record = body as IDataObject;
	const nested = record.error as IDataObject | string | undefined;
	const candidate =
		record.message ??
		(typeof nested === 'object' ? nested?.message : nested) ??
		record.error_description;
	return typeof candidate === 'string' && candidate ? candidate : undefined;
}

/** HTTP statuses after which no further lookup of the run can succeed: the node stops. */
export const FATAL_STATUSES = new Set(['401', '402', '403']);

export function isFatal(error: unknown): boolean {
	return error instanceof NodeApiError && FATAL_STATUSES.has(String(error.httpCode));
}

/** The error the node shows for a failed answer. Never contains the API key. */
export function answerError(
	node: INode,
	answer: ServiceAnswer,
	serviceName: string,
	call: ServiceCall,
): NodeApiError {
	const status = answer.statusCode;
	const serviceMessage = messageOf(answer.body);
	const body = answer.body as IDataObject | undefined;
	const requestId =
		header(answer, 'x-request-id') ??
		(body && typeof body === 'object' && typeof body.requestId === 'string'
			? body.requestId
			: undefined);
	const suffix = requestId ? ` (request ID ${requestId})` : '';
	const where = `${call.method} ${call.path}`;
	let message = `The ${serviceName} refused ${where} (HTTP ${status})${serviceMessage ? `: ${serviceMessage}` : ''}`;
	let description = `Check the input of this item and the credential.${suffix}`;
	if (status === 401) {
		message = `The ${serviceName} did not accept the API key (HTTP 401)`;
		description = `Check the API key in the credential; it may have been revoked or mistyped.${suffix}`;
	} else if (status === 402) {
		message = `The ${serviceName} account has no credits left (HTTP 402)${serviceMessage ? `: ${serviceMessage}` : ''}`;
		description = `Top up the account's credits or wait for the plan to renew. The node stopped and sent no further lookups, so no more credits are spent.${suffix}`;
	} else if (status === 403) {
		description = `The API key's plan does not allow this call, or the account is inactive.${suffix}`;
	} else if (status === 429) {
		const window = exhaustedWindow(answer);
		message =
			window === 'daily' || window === 'hourly'
				? `The ${serviceName}'s ${window} request quota is used up (HTTP 429)`
				: `The ${serviceName} kept answering "too many requests" (HTTP 429)`;
		description =
			window === 'daily' || window === 'hourly'
				? `The ${window} quota of the API key is spent; run the workflow again after it resets.${suffix}`
				: `The call was retried ${enrichmentRetrySettings.backoff.retries} times with growing pauses. Run fewer items at once or try again later.${suffix}`;
	} else if (TRANSIENT.has(status)) {
		description = `The service failed repeatedly (retried ${enrichmentRetrySettings.backoff.retries} times); try again later.${suffix}`;
	}
	return new NodeApiError(
		node,
		{ message: serviceMessage ?? `HTTP ${status}`, httpCode: String(status) } as JsonObject,
		{ message, description, httpCode: String(status), itemIndex: call.itemIndex },
	);
}

/** The service's base URL from the credential, without trailing slashes. */
export function baseUrlOf(value: unknown): string {
	return String(value ?? '')
		.trim()
		.replace(/\/+$/, '');
}

/** The error code in a body such as `{ error: { code } }` or `{ error: "code" }`. */
export function errorCodeOf(body: unknown): string | undefined {
	if (!body || typeof body !== 'object') return undefined;
	const error = (body as IDataObject).error as IDataObject | string | undefined;
	const code = typeof error === 'object' && error !== null ? error.code : error;
	return typeof code === 'string' ? code.toUpperCase() : undefined;
}

/** "No record matches": HTTP 404 or 200 whose body carries the error code NOT_FOUND. */
export function isNoMatch(answer: ServiceAnswer): boolean {
	return (
		(answer.statusCode === 404 || answer.statusCode === 200) &&
		errorCodeOf(answer.body) === 'NOT_FOUND'
	);
}

interface FullResponse {
	statusCode: number;
	body: unknown;
	headers: Record<string, string | string[] | undefined>;
}

/**
 * Sends one call through n8n's authenticated request helper (the credential adds the key header),
 * retrying 429 and transient 5xx answers. Every HTTP status comes back as an answer; network
 * failures (no answer at all) throw n8n's own NodeApiError.
 */
export async function sendServiceCall(
	ctx: IExecuteFunctions,
	credentialType: string,
	call: ServiceCall,
): Promise<ServiceAnswer> {
	const credentials = await ctx.getCredentials(credentialType, call.itemIndex);
	const baseUrl = baseUrlOf(credentials.baseUrl);
	return await sendWithRetry(ctx.getNode(), async () => {
		const response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, credentialType, {
			method: call.method,
			url: `${baseUrl}${call.path}`,
			qs: call.qs,
			arrayFormat: 'repeat',
			body: call.body,
			json: true,
			headers: { Accept: 'application/json' },
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: enrichmentRetrySettings.timeoutMs,
		})) as FullResponse;
		return {
			statusCode: response.statusCode,
			body: response.body,
			headers: response.headers ?? {},
		};
	});
}
