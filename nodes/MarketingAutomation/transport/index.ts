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

import { withBackoff, type RetryDecision } from '../../shared/backoff';
import { instanceUrls, type InstanceUrls } from './instance';
import { multipartBody, type MultipartFile } from './multipart';
import { limiterFor, limitsOf, nextQuotaReset, type InstanceLimiter } from './throttle';
import { timing } from './timing';
import {
	requestToken,
	tokenHolderFor,
	TokenRequestError,
	tokenIsStale,
	type AccessToken,
	type TokenHolder,
} from './token';

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

/** A query value; an array is sent as the key repeated (`id=7&id=8`). */
export type QueryValue = string | number | boolean | undefined | null | Array<string | number>;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path from the instance root, e.g. `/rest/v1/leads.json` (the paths of the service's docs). */
	path: string;
	qs?: Record<string, QueryValue> | IDataObject;
	/** JSON body (Lead Database), or form fields when `form` is set (Asset API, `_method=GET`). */
	body?: IDataObject;
	form?: boolean;
	/**
	 * Whether replaying the call after an ambiguous failure (timeout, dropped connection, HTTP
	 * 500/502/504, an answer cut off or not JSON) is harmless. Writes such as trigger, schedule,
	 * approve and field creation set this to false: they are replayed only after a 6xx answer, which
	 * means the service did not execute them.
	 */
	idempotent?: boolean;
	itemIndex?: number;
	/**
	 * What a service error code means for this call, by code: the message says what happened and
	 * how to fix it; the service's own words and the request id go into the description.
	 */
	refusals?: Record<string, { message: string; fix: string }>;
	/** Send the body as `multipart/form-data` with this file (bulk imports). */
	multipart?: MultipartFile;
	/** For a call that is not safe to repeat: what to say when it may have run (names the file). */
	ambiguity?: { message: string; fix: string };
	/** Read the answer as a file (bulk failures, warnings, exports): see `apiFileRequest`. */
	file?: boolean;
	/** Extra request headers (e.g. `Range`). */
	headers?: Record<string, string>;
}

/** A file answer: HTTP status, headers (lower-case names) and the bytes. */
export interface FileAnswer {
	status: number;
	headers: Record<string, string>;
	body: Buffer;
}

/** 6xx answers that mean "not executed, try again later"; 606 and 615 are the rate limits. */
const RETRYABLE_CODES = new Set(['604', '606', '608', '611', '614', '615', '713']);
const TOKEN_CODES = new Set(['601', '602']);
/** HTTP statuses after which the call may or may not have run. */
const AMBIGUOUS_STATUSES = new Set([500, 502, 504]);
/** HTTP statuses that mean "not executed, try again". */
const RETRYABLE_STATUSES = new Set([429, 503]);
const NETWORK_CODES = new Set([
	'ECONNABORTED',
	'ETIMEDOUT',
	'ECONNRESET',
	'ESOCKETTIMEDOUT',
	'EPIPE',
]);

/** A `success: false` answer (HTTP 200) from the service. */
class ServiceError extends Error {
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

/** An HTTP 200 whose body is cut off or not the service's JSON envelope: the call may have run. */
class MalformedAnswer extends Error {
	constructor() {
		super('The answer was cut off or is not the JSON the service sends');
		this.name = 'MalformedAnswer';
	}
}

function errorOf(envelope: Envelope): { code: string; message: string } | undefined {
	if (envelope.success !== false) return undefined;
	const first = envelope.errors?.[0];
	return {
		code: String(first?.code ?? 'unknown'),
		message: String(first?.message ?? 'The service reported a failure without a message'),
	};
}

const isEnvelope = (answer: unknown): answer is Envelope =>
	typeof answer === 'object' &&
	answer !== null &&
	!Array.isArray(answer) &&
	typeof (answer as Envelope).success === 'boolean';

interface HttpFailure {
	status?: number;
	/** The call may have run (no answer, or 500/502/504, or a cut-off answer). */
	ambiguous: boolean;
	/** No answer arrived at all (timeout, reset). */
	noAnswer: boolean;
	tokenError?: TokenRequestError;
}

function describeHttpFailure(error: unknown): HttpFailure {
	if (error instanceof MalformedAnswer) return { ambiguous: true, noAnswer: false };
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
		return { ambiguous: false, noAnswer: false, tokenError: cause as TokenRequestError };
	}
	const status = Number(outer.httpCode ?? cause?.response?.status ?? cause?.status);
	if (Number.isFinite(status) && status > 0) {
		return { status, ambiguous: AMBIGUOUS_STATUSES.has(status), noAnswer: false };
	}
	const code = String(cause?.code ?? outer.code ?? '');
	const ambiguous =
		NETWORK_CODES.has(code) ||
		/timeout|socket hang up|ECONNRESET|aborted/i.test(
			`${cause?.message ?? ''} ${outer.message ?? ''}`,
		);
	return { ambiguous, noAnswer: ambiguous };
}

const MAY_HAVE_RUN_FIX =
	'It changes data and is not safe to send twice, so check in the service whether it took effect before running it again.';

/** Wraps any failure of one call as the error the node shows. Never includes a secret. */
function toNodeError(ctx: MarketingContext, error: unknown, request: ApiRequest): NodeApiError {
	const itemIndex = request.itemIndex;
	const where = `${request.method} ${request.path}`;
	if (error instanceof NodeApiError && error.cause instanceof TokenRequestError) {
		error = error.cause;
	}
	if (error instanceof NodeApiError || error instanceof MalformedAnswer) {
		const failure = describeHttpFailure(error);
		if (failure.tokenError) {
			error = failure.tokenError;
		} else if (failure.ambiguous && request.idempotent === false && request.ambiguity) {
			return new NodeApiError(ctx.getNode(), { message: error.message } as JsonObject, {
				message: request.ambiguity.message,
				description: request.ambiguity.fix,
				httpCode: failure.status ? String(failure.status) : undefined,
				itemIndex,
			});
		} else if (failure.ambiguous && request.idempotent === false) {
			const message = failure.noAnswer
				? `No answer to ${where}; the call was not repeated because it may have been executed`
				: failure.status
					? `The call ${where} failed (HTTP ${failure.status}) and may have run; it was not repeated`
					: `The answer to ${where} was cut off or not JSON; the call may have run and was not repeated`;
			return new NodeApiError(ctx.getNode(), { message: error.message } as JsonObject, {
				message,
				description: `${
					failure.noAnswer
						? 'The call timed out or the connection dropped after the request was sent.'
						: 'The service may have executed the call before the answer broke.'
				} ${MAY_HAVE_RUN_FIX}`,
				httpCode: failure.status ? String(failure.status) : undefined,
				itemIndex,
			});
		} else if (error instanceof MalformedAnswer) {
			return new NodeApiError(ctx.getNode(), { message: error.message } as JsonObject, {
				message: `The answer to ${where} was cut off or not JSON, also after ${timing.retries} retries`,
				description:
					'The call is safe to repeat and was retried with backoff; check the network between n8n and the service (a proxy may cut answers), then run it again.',
				itemIndex,
			});
		} else {
			const apiError = error as NodeApiError;
			return new NodeApiError(ctx.getNode(), { message: apiError.message } as JsonObject, {
				message: `The call ${where} failed${failure.status ? ` (HTTP ${failure.status})` : ''}: ${
					apiError.message
				}`,
				description: apiError.description ?? undefined,
				httpCode: failure.status ? String(failure.status) : undefined,
				itemIndex,
			});
		}
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
			description = `The call was retried ${timing.retries} times with backoff and still failed; try again later.`;
		}
		let message =
			error.code === '607'
				? `Daily API quota reached (607): ${error.message}`
				: `The service refused the call (${error.code}): ${error.message}`;
		const refusal = request.refusals?.[error.code];
		if (refusal) {
			message = refusal.message;
			description = `${refusal.fix} The service answered error ${error.code} to ${where}${requestId}: ${error.message}`;
		}
		const apiError = new NodeApiError(
			ctx.getNode(),
			{ code: error.code, message: error.message, requestId: error.requestId ?? '' } as JsonObject,
			{ message, description, itemIndex },
		);
		if (error.requestId) apiError.context.requestId = error.requestId;
		apiError.context.serviceCode = error.code;
		return apiError;
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

/** The query string, with array values as repeated keys (a form the service documents). */
function queryString(qs: ApiRequest['qs']): string {
	const query = new URLSearchParams();
	for (const [key, value] of Object.entries(qs ?? {})) {
		if (value === undefined || value === null) continue;
		if (Array.isArray(value)) for (const v of value) query.append(key, String(v));
		else query.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
	}
	return query.toString();
}

function buildOptions(base: string, request: ApiRequest): IHttpRequestOptions {
	const query = queryString(request.qs);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${base}${request.path}${query ? `?${query}` : ''}`,
		json: true,
		timeout: timing.timeoutMs,
		headers: { Accept: 'application/json' },
	};
	if (request.headers) options.headers = { ...options.headers, ...request.headers };
	if (request.file) {
		// The bytes as they are, with status and headers; JSON error envelopes are read from them.
		Object.assign(options, { json: false, encoding: 'arraybuffer', returnFullResponse: true });
	}
	if (request.multipart) {
		const { body, contentType } = multipartBody(request.multipart);
		options.headers = { ...options.headers, 'Content-Type': contentType };
		options.body = body;
		options.json = false;
	} else if (request.form) {
		options.headers = { ...options.headers, 'Content-Type': 'application/x-www-form-urlencoded' };
		options.body = queryString(request.body as ApiRequest['qs']);
	} else if (request.body !== undefined) {
		options.headers = { ...options.headers, 'Content-Type': 'application/json' };
		options.body = request.body;
	}
	return options;
}

/**
 * What one execution (or one editor request) reads once: the credential, the instance's
 * addresses, its limiter and the process's token holder for this client.
 */
interface Session {
	credentials: ICredentialDataDecryptedObject;
	urls: InstanceUrls;
	limiter: InstanceLimiter;
	tokens: TokenHolder;
}

const sessions = new WeakMap<object, Promise<Session>>();

async function openSession(ctx: MarketingContext): Promise<Session> {
	const credentials = { ...(await ctx.getCredentials(CREDENTIAL_TYPE)) };
	const urls = instanceUrls(credentials.restEndpoint);
	const limiter = limiterFor(urls.base);
	limiter.configure(limitsOf(credentials));
	return { credentials, urls, limiter, tokens: tokenHolderFor(credentials) };
}

function sessionOf(ctx: MarketingContext): Promise<Session> {
	let session = sessions.get(ctx);
	if (!session) {
		session = openSession(ctx);
		sessions.set(ctx, session);
		// A failed read (e.g. a bad REST endpoint) is not kept: the next call reads again.
		session.catch(() => sessions.delete(ctx));
	}
	return session;
}

/**
 * The only place that calls the service. Per call: wait for a slot of the instance's limiter,
 * make sure the token is fresh (one renewal at a time for every call of the process, see
 * `./token`), send with `Authorization: Bearer <token>`, then check the envelope. 601/602 renew
 * the token and replay once; 604/606/608/611/614/615/713 and 429/503 are retried with
 * exponential backoff and jitter; 606/615 also slow the limiter down. Ambiguous failures (no
 * answer, HTTP 500/502/504, an answer cut off or not JSON) are retried only for idempotent calls.
 * 607 stops and blocks further calls to the instance until the quota resets.
 */
export async function apiRequest(this: MarketingContext, request: ApiRequest): Promise<Envelope> {
	return (await callService.call(this, { ...request, file: false })) as Envelope;
}

/**
 * A call whose answer is a file (CSV/TSV of a bulk job), with the same limiter, token, retries and
 * errors as `apiRequest`: a JSON `success: false` envelope in place of the file is the service's
 * error; HTTP errors (404 for "no such file") are thrown as NodeApiError with `httpCode`.
 */
export async function apiFileRequest(
	this: MarketingContext,
	request: ApiRequest,
): Promise<FileAnswer> {
	return (await callService.call(this, { ...request, file: true })) as FileAnswer;
}

/** The file of a full response, and the JSON envelope it holds when it is one. */
function fileAnswerOf(answer: unknown): {
	file: FileAnswer;
	envelope?: Envelope;
	malformed?: boolean;
} {
	const full = answer as { statusCode?: number; headers?: Record<string, unknown>; body?: unknown };
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(full?.headers ?? {})) {
		headers[name.toLowerCase()] = String(value);
	}
	const raw = full?.body;
	const body = Buffer.isBuffer(raw)
		? raw
		: raw instanceof ArrayBuffer
			? Buffer.from(raw)
			: Buffer.from(typeof raw === 'string' ? raw : JSON.stringify(raw ?? ''), 'utf8');
	const file = { status: Number(full?.statusCode ?? 200), headers, body };
	if (!/json/i.test(headers['content-type'] ?? '')) return { file };
	let parsed: unknown;
	try {
		parsed = JSON.parse(body.toString('utf8'));
	} catch {
		return { file, malformed: true };
	}
	return { file, envelope: isEnvelope(parsed) ? parsed : undefined };
}

async function callService(
	this: MarketingContext,
	request: ApiRequest,
): Promise<Envelope | FileAnswer> {
	let session: Session;
	try {
		session = await sessionOf(this);
	} catch (error) {
		throw toNodeError(
			this,
			error instanceof NodeApiError ? error : new TokenRequestError((error as Error).message),
			request,
		);
	}
	const { limiter, credentials, tokens } = session;
	const nodeCredentials = this.getNode().credentials?.[CREDENTIAL_TYPE];
	const options = buildOptions(session.urls.base, request);
	let tokenReplayed = false;

	// The credential has no `authenticate`: n8n's helper sends the request as given, and the
	// credential data read for this execution is passed on so n8n does not read it again.
	const send = async (requestOptions: IHttpRequestOptions): Promise<unknown> =>
		await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, requestOptions, {
			credentialsDecrypted: {
				id: nodeCredentials?.id ?? CREDENTIAL_TYPE,
				name: nodeCredentials?.name ?? CREDENTIAL_TYPE,
				type: CREDENTIAL_TYPE,
				data: credentials,
			},
		});

	/** A token with life left: the process's, or a new one (one renewal for all waiting calls). */
	const freshToken = async (): Promise<AccessToken> => {
		for (;;) {
			if (tokens.renewing) {
				await tokens.renewing;
				continue;
			}
			if (tokens.token && !tokenIsStale(tokens.token)) return tokens.token;
			tokens.renewing = requestToken(send, credentials);
			try {
				tokens.token = await tokens.renewing;
				return tokens.token;
			} finally {
				tokens.renewing = undefined;
			}
		}
	};

	const attempt = async (): Promise<Envelope | FileAnswer> => {
		for (;;) {
			if (Date.now() < limiter.quotaBlockedUntil) {
				throw new QuotaError(
					'607',
					'The daily quota of the instance was reached earlier; no call was made',
				);
			}
			const release = await limiter.acquire();
			let answer: unknown;
			let token: AccessToken;
			try {
				token = await freshToken();
				answer = await send({
					...options,
					headers: { ...options.headers, Authorization: `Bearer ${token.value}` },
				});
			} finally {
				release();
			}
			let envelope: Envelope | undefined;
			if (request.file) {
				const read = fileAnswerOf(answer);
				if (read.malformed) throw new MalformedAnswer();
				if (!read.envelope) return read.file;
				envelope = read.envelope;
				if (envelope.success !== false) return read.file;
			} else {
				if (!isEnvelope(answer)) throw new MalformedAnswer();
				envelope = answer;
			}
			const failure = errorOf(envelope);
			if (!failure) return envelope;
			if (TOKEN_CODES.has(failure.code) && !tokenReplayed) {
				tokenReplayed = true;
				// The token was refused: unless another call already replaced it, it must be renewed.
				if (tokens.token === token) tokens.token = undefined;
				continue;
			}
			throw new ServiceError(failure.code, failure.message, envelope.requestId);
		}
	};

	const decide = (error: unknown): RetryDecision => {
		if (error instanceof QuotaError) return { retry: false };
		if (error instanceof ServiceError) {
			if (error.code === '607') {
				limiter.quotaBlockedUntil = nextQuotaReset();
				return { retry: false };
			}
			if (error.code === '606' || error.code === '615') {
				limiter.rejected(error.code);
				return error.code === '606' ? { retry: true, waitMs: timing.windowMs } : { retry: true };
			}
			return RETRYABLE_CODES.has(error.code) ? { retry: true } : { retry: false };
		}
		const failure = describeHttpFailure(error);
		if (failure.tokenError) return { retry: false };
		if (failure.status !== undefined && RETRYABLE_STATUSES.has(failure.status)) {
			return { retry: true };
		}
		// Maybe executed: safe to replay only when the call is idempotent.
		return failure.ambiguous && request.idempotent !== false ? { retry: true } : { retry: false };
	};

	try {
		return await withBackoff(attempt, decide, {
			retries: timing.retries,
			baseDelayMs: timing.baseDelayMs,
			maxDelayMs: timing.maxDelayMs,
		});
	} catch (error) {
		throw toNodeError(this, error, request);
	}
}

/** The service's error code (`1016`, `1029`…) of an error `apiRequest` threw, if it answered one. */
export function serviceCodeOf(error: unknown): string | undefined {
	const code = (error as NodeApiError)?.context?.serviceCode;
	return typeof code === 'string' ? code : undefined;
}

/** The instance's base URL, from the execution's one reading of the credential. */
export async function instanceBase(ctx: MarketingContext): Promise<string> {
	return (await sessionOf(ctx)).urls.base;
}

/** The limiter's in-flight setting for this execution: how many batches to keep going at once. */
export async function callsInFlight(ctx: MarketingContext): Promise<number> {
	try {
		return (await sessionOf(ctx)).limiter.limits().callsInFlight;
	} catch {
		return 1;
	}
}
