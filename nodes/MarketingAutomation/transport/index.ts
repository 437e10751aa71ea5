import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import {
	DEFAULT_BACKOFF,
	withBackoff,
	type RetryDecision,
	type RetrySettings,
} from '../../shared/backoff';
import { instanceUrls } from './instance';
import { limiterFor, nextQuotaReset, throttleSettings } from './throttle';
import { TOKEN_FIELDS, TokenRequestError, tokenIsStale } from './token';

export const CREDENTIAL_TYPE = 'marketingAutomationApi';

export type MarketingContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/** The service's answer envelope (Lead Database and Asset APIs share the top-level keys). */
export interface Envelope {
	requestId?: string;
	success?: boolean;
	result?: IDataObject[];
	errors?: Array<{ code?: string | number; message?: string }>;
	warnings?: unknown[];
	nextPageToken?: string;
	moreResult?: boolean;
	[key: string]: unknown;
}

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path from the instance root, e.g. `/rest/v1/leads.json` (the paths of the service's docs). */
	path: string;
	qs?: IDataObject;
	/** JSON body (Lead Database), or form fields when `form` is set (Asset API, `_method=GET`). */
	body?: IDataObject;
	form?: boolean;
	/**
	 * Whether replaying the call after an ambiguous failure (timeout, dropped connection, HTTP 502)
	 * is harmless. Writes such as trigger, schedule, approve and field creation set this to false:
	 * they are replayed only after a 6xx answer, which means the service did not execute them.
	 */
	idempotent?: boolean;
	itemIndex?: number;
}

export const transportSettings: RetrySettings = {
	backoff: { ...DEFAULT_BACKOFF, retries: 4, maxDelayMs: 30_000 },
	timeoutMs: 120_000,
};

/** Tests and benchmarks only. */
export function setTransportSettings(settings: Partial<RetrySettings>): void {
	Object.assign(transportSettings, settings);
}

/** 6xx answers that mean "not executed, try again later"; 606 and 615 are the rate limits. */
const RETRYABLE_CODES = new Set(['604', '606', '608', '611', '615', '713']);
const TOKEN_CODES = new Set(['601', '602']);
const NETWORK_CODES = new Set([
	'ECONNABORTED',
	'ETIMEDOUT',
	'ECONNRESET',
	'ESOCKETTIMEDOUT',
	'EPIPE',
]);

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
class QuotaError extends ServiceError {}

function errorOf(envelope: Envelope): { code: string; message: string } | undefined {
	if (envelope === null || typeof envelope !== 'object') {
		return { code: 'invalid', message: 'The service answered with something that is not JSON' };
	}
	if (envelope.success !== false) return undefined;
	const first = envelope.errors?.[0];
	return {
		code: String(first?.code ?? 'unknown'),
		message: String(first?.message ?? 'The service reported a failure without a message'),
	};
}

interface HttpFailure {
	status?: number;
	/** No answer arrived (timeout, reset): a write may or may not have been executed. */
	ambiguous: boolean;
	tokenError?: TokenRequestError;
}

function describeHttpFailure(error: unknown): HttpFailure {
	const outer = error as {
		httpCode?: string | null;
		cause?: unknown;
		code?: string;
		message?: string;
	};
	const cause = (outer.cause ?? outer) as {
		code?: string;
		message?: string;
		response?: { status?: number };
		status?: number;
		name?: string;
	};
	if (cause instanceof TokenRequestError || cause?.name === 'TokenRequestError') {
		return { ambiguous: false, tokenError: cause as TokenRequestError };
	}
	const status = Number(outer.httpCode ?? cause?.response?.status ?? cause?.status);
	if (Number.isFinite(status) && status > 0) return { status, ambiguous: status === 502 };
	const code = String(cause?.code ?? outer.code ?? '');
	const ambiguous =
		NETWORK_CODES.has(code) ||
		/timeout|socket hang up/i.test(`${cause?.message ?? ''} ${outer.message ?? ''}`);
	return { ambiguous };
}

/** Wraps any failure of one call as the error the node shows. Never includes a secret. */
function toNodeError(ctx: MarketingContext, error: unknown, request: ApiRequest): NodeApiError {
	const itemIndex = request.itemIndex;
	const where = `${request.method} ${request.path}`;
	if (error instanceof NodeApiError && !(error.cause instanceof TokenRequestError)) {
		const failure = describeHttpFailure(error);
		if (failure.tokenError) error = failure.tokenError;
		else if (failure.status === undefined && failure.ambiguous && request.idempotent === false) {
			return new NodeApiError(ctx.getNode(), { message: error.message } as JsonObject, {
				message: `No answer to ${where}; the call was not repeated because it may have been executed`,
				description:
					'The call timed out or the connection dropped after the request was sent. It changes data and is not safe to send twice, so check in the service whether it took effect before running it again.',
				itemIndex,
			});
		} else {
			return new NodeApiError(ctx.getNode(), { message: error.message } as JsonObject, {
				message: `The call ${where} failed${failure.status ? ` (HTTP ${failure.status})` : ''}: ${
					error.message
				}`,
				description: error.description ?? undefined,
				httpCode: failure.status ? String(failure.status) : undefined,
				itemIndex,
			});
		}
	}
	if (error instanceof NodeApiError && error.cause instanceof TokenRequestError) {
		error = error.cause;
	}
	if (error instanceof TokenRequestError) {
		return new NodeApiError(ctx.getNode(), { message: error.message } as JsonObject, {
			message: `Could not get an access token: ${error.message}`,
			description:
				'Check the client ID, client secret and REST endpoint URL in the credential (admin page "Web Services"), and that the API-only user is active.',
			httpCode: error.httpCode ? String(error.httpCode) : undefined,
			itemIndex,
		});
	}
	if (error instanceof ServiceError) {
		const requestId = error.requestId ? ` (request ${error.requestId})` : '';
		let description = `The service answered error ${error.code} to ${where}${requestId}.`;
		if (error.code === '607') {
			description =
				'The daily API quota of the instance is used up; it resets at 12:00 AM US Central time. No further calls were made.';
		} else if (error.code === '603') {
			description =
				'The API-only user lacks a permission for this call: check its role in the service.';
		} else if (TOKEN_CODES.has(error.code)) {
			description =
				'A fresh token was fetched and the call replayed once, and it was refused again.';
		} else if (RETRYABLE_CODES.has(error.code)) {
			description = `The call was retried ${transportSettings.backoff.retries} times with backoff and still failed; try again later.`;
		}
		return new NodeApiError(
			ctx.getNode(),
			{ code: error.code, message: error.message, requestId: error.requestId ?? '' } as JsonObject,
			{
				message:
					error.code === '607'
						? `Daily API quota reached (607): ${error.message}`
						: `The service refused the call (${error.code}): ${error.message}`,
				description,
				itemIndex,
			},
		);
	}
	return new NodeApiError(
		ctx.getNode(),
		{ message: String((error as Error)?.message) } as JsonObject,
		{
			message: `The call ${where} failed: ${String((error as Error)?.message)}`,
			itemIndex,
		},
	);
}

function buildOptions(base: string, request: ApiRequest): IHttpRequestOptions {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${base}${request.path}`,
		qs: request.qs,
		// A repeated query key (id=7&id=8, documented by the service) keeps every value.
		arrayFormat: 'repeat',
		json: true,
		timeout: transportSettings.timeoutMs,
		headers: { Accept: 'application/json' },
	};
	if (request.form) {
		options.headers = { ...options.headers, 'Content-Type': 'application/x-www-form-urlencoded' };
		const form = new URLSearchParams();
		for (const [key, value] of Object.entries(request.body ?? {})) {
			if (value === undefined || value === null) continue;
			form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
		}
		options.body = form.toString();
	} else if (request.body !== undefined) {
		options.headers = { ...options.headers, 'Content-Type': 'application/json' };
		options.body = request.body;
	}
	return options;
}

/**
 * The only place that calls the service. Per call: wait for a throttle slot of the instance, make
 * sure the stored token is fresh (forcing n8n to re-run preAuthentication otherwise), send, then
 * check the envelope. 601/602 refresh the token and replay once; 604/606/608/611/615/713 and
 * (for idempotent calls) HTTP 502 and timeouts are retried with exponential backoff and jitter;
 * 607 stops and blocks further calls to the instance until the quota resets.
 */
export async function apiRequest(this: MarketingContext, request: ApiRequest): Promise<Envelope> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	let urls: ReturnType<typeof instanceUrls>;
	try {
		urls = instanceUrls(credentials.restEndpoint);
	} catch (error) {
		throw toNodeError(this, new TokenRequestError((error as Error).message), request);
	}
	const limiter = limiterFor(urls.base);
	const nodeCredentials = this.getNode().credentials?.[CREDENTIAL_TYPE];
	const options = buildOptions(urls.base, request);
	let forceRefresh = false;
	let tokenReplayed = false;

	const attempt = async (): Promise<Envelope> => {
		for (;;) {
			if (Date.now() < limiter.quotaBlockedUntil) {
				throw new QuotaError(
					'607',
					'The daily quota of the instance was reached earlier; no call was made',
				);
			}
			const release = await limiter.acquire();
			let envelope: Envelope;
			try {
				// Read again on every attempt: another call may have refreshed the token meanwhile.
				const current: ICredentialDataDecryptedObject = await this.getCredentials(CREDENTIAL_TYPE);
				const data =
					forceRefresh || tokenIsStale(current)
						? { ...current, [TOKEN_FIELDS.token]: '' }
						: current;
				forceRefresh = false;
				envelope = (await this.helpers.httpRequestWithAuthentication.call(
					this,
					CREDENTIAL_TYPE,
					{ ...options, headers: { ...options.headers } },
					{
						credentialsDecrypted: {
							id: nodeCredentials?.id ?? CREDENTIAL_TYPE,
							name: nodeCredentials?.name ?? CREDENTIAL_TYPE,
							type: CREDENTIAL_TYPE,
							data,
						},
					},
				)) as Envelope;
			} finally {
				release();
			}
			const failure = errorOf(envelope);
			if (!failure) return envelope;
			if (TOKEN_CODES.has(failure.code) && !tokenReplayed) {
				tokenReplayed = true;
				forceRefresh = true;
				continue;
			}
			throw new ServiceError(failure.code, failure.message, envelope?.requestId);
		}
	};

	const decide = (error: unknown): RetryDecision => {
		if (error instanceof QuotaError) return { retry: false };
		if (error instanceof ServiceError) {
			if (error.code === '607') {
				limiter.quotaBlockedUntil = nextQuotaReset();
				return { retry: false };
			}
			if (error.code === '606') {
				limiter.pause(throttleSettings.windowMs);
				return { retry: true, waitMs: throttleSettings.windowMs };
			}
			return RETRYABLE_CODES.has(error.code) ? { retry: true } : { retry: false };
		}
		const failure = describeHttpFailure(error);
		if (failure.tokenError) return { retry: false };
		// 502 and timeouts: maybe executed. Safe to replay only when the call is idempotent.
		return failure.ambiguous && request.idempotent !== false ? { retry: true } : { retry: false };
	};

	try {
		return await withBackoff(attempt, decide, transportSettings.backoff);
	} catch (error) {
		throw toNodeError(this, error, request);
	}
}
