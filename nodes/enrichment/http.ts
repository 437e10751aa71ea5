import { echo } from '../shared/echo';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INode,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { backoffDelay, type BackoffPolicy } from '../shared/backoff';
import { networkCodeOf, wasNotSent } from '../shared/network';
import { withDecision } from '../shared/toolDecision';

/** Which API a credential speaks: the service's own API, or the specification's connection contract. */
export type EnrichmentApi = 'service' | 'contract';

/** One call to an enrichment service: the only request type of both enrichment nodes. */
export interface ServiceCall {
	method: IHttpRequestMethods;
	/** Path below the credential's base URL, with one leading slash. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	/** The item the call is made for (the first asking item of a deduplicated or bulk call). */
	itemIndex: number;
	/**
	 * Whether the call may be repeated after an ambiguous failure (reset or timeout after sending,
	 * HTTP 500/502/504). Credit-spending lookups are not: the service may have charged them.
	 */
	replaySafe?: boolean;
}

/** The service's answer: every HTTP status arrives here, the transport does not throw on them. */
export interface ServiceAnswer {
	statusCode: number;
	body: unknown;
	headers: Record<string, string | string[] | undefined>;
}

/** What a node's transport tells the shared classification about its service. */
export interface ServiceInfo {
	/** For messages: "enrichment service", "sales-intelligence service". */
	name: string;
	/** Sends one call as is (the enrichment client: n8n's authenticated request helper). */
	send(ctx: IExecuteFunctions, call: ServiceCall): Promise<ServiceAnswer>;
}

/**
 * 429 and "not executed" answers are retried with exponential backoff and jitter, from 1 s up to
 * 60 s (the global service documents no Retry-After and advises exactly this).
 */
export const RETRY_POLICY: BackoffPolicy = { retries: 5, baseDelayMs: 1000, maxDelayMs: 60_000 };

/** Per-call time limit (ms). */
export const TIMEOUT_MS = 60_000;

/** The service's base URL from a credential field, without trailing slashes. */
function baseUrlOf(value: unknown): string {
	return String(value ?? '')
		.trim()
		.replace(/\/+$/, '');
}

/**
 * The API a credential speaks. A credential saved before the API choice existed has only `baseUrl`
 * and `apiKey`: its Base URL (the connection contract's address) keeps it on the contract.
 */
export function apiOf(credentials: ICredentialDataDecryptedObject): EnrichmentApi {
	if (credentials.api === 'contract') return 'contract';
	return baseUrlOf(credentials.baseUrl) ? 'contract' : 'service';
}

/** The base URL of the credential's chosen API. */
export function chosenBaseUrl(
	credentials: ICredentialDataDecryptedObject,
	serviceApiUrl: string,
): string {
	return apiOf(credentials) === 'contract'
		? baseUrlOf(credentials.baseUrl)
		: baseUrlOf(credentials.serviceUrl) || serviceApiUrl;
}

export function header(answer: ServiceAnswer, name: string): string | undefined {
	const value = answer.headers[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
}

/** Which rate-limit window is used up, from the remaining-requests headers or the 429 message. */
export function exhaustedWindow(answer: ServiceAnswer): 'daily' | 'hourly' | 'minute' | undefined {
	for (const window of ['daily', 'hourly', 'minute'] as const) {
		if (header(answer, `x-${window}-requests-left`) === '0') return window;
	}
	const message = messageOf(answer.body) ?? '';
	if (/daily api quota|trial limit/i.test(message)) return 'daily';
	if (/hourly api rate limit/i.test(message)) return 'hourly';
	return undefined;
}

/** Seconds until the window resets, when the answer says ("Reset in 120 seconds", headers). */
function resetSeconds(answer: ServiceAnswer): number | undefined {
	const fromMessage = /reset in (\d+) seconds?/i.exec(messageOf(answer.body) ?? '')?.[1];
	const value = Number(
		header(answer, 'retry-after') ?? header(answer, 'x-ratelimit-reset') ?? fromMessage,
	);
	return Number.isFinite(value) && value > 0 ? value : undefined;
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
	if (typeof body === 'string' && body.trim()) return echo(body.trim());
	if (!body || typeof body !== 'object') return undefined;
	const record = body as IDataObject;
	const nested = record.error as IDataObject | string | undefined;
	const candidate =
		record.message ??
		(typeof nested === 'object' ? nested?.message : nested) ??
		record.error_description;
	return typeof candidate === 'string' && candidate ? echo(candidate) : undefined;
}

function requestIdOf(answer: ServiceAnswer): string | undefined {
	const body = answer.body as IDataObject | undefined;
	return (
		header(answer, 'x-request-id') ??
		(body && typeof body === 'object' && typeof body.requestId === 'string'
			? body.requestId
			: undefined)
	);
}

/** HTTP statuses after which no further lookup of the run can succeed: the node stops. */
const FATAL_STATUSES = new Set(['401', '402', '403']);

/** Marks errors that stop the node even under Continue On Fail (used-up quota, refused key). */
export function isFatal(error: unknown): boolean {
	if (!(error instanceof NodeApiError)) return false;
	return error.context.quotaExhausted === true || FATAL_STATUSES.has(String(error.httpCode));
}

function apiError(
	node: INode,
	call: ServiceCall,
	answer: ServiceAnswer | undefined,
	message: string,
	description: string,
	serviceMessage?: string,
): NodeApiError {
	const status = answer?.statusCode;
	const requestId = answer ? requestIdOf(answer) : undefined;
	const error = new NodeApiError(
		node,
		{
			message: serviceMessage ?? (status ? `HTTP ${status}` : message),
			...(status ? { httpCode: String(status) } : {}),
		} as JsonObject,
		{
			message,
			description: `${description}${requestId ? ` (request ID ${requestId})` : ''}`,
			...(status ? { httpCode: String(status) } : {}),
			itemIndex: call.itemIndex,
		},
	);
	// n8n replaces messages that mention a network code (ECONNRESET, ...) with its own text.
	error.message = message;
	if (requestId) error.context.requestId = requestId;
	return error;
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
	const said = serviceMessage ? `: ${serviceMessage}` : '';
	const where = `${call.method} ${call.path}`;
	const make = (message: string, description: string) =>
		apiError(node, call, answer, message, description, serviceMessage);
	switch (status) {
		case 401:
			return make(
				`The ${serviceName} did not accept the API key (HTTP 401); check the key in the credential`,
				'Copy the API key again from the service and paste it into the credential; it may have been revoked or mistyped.',
			);
		case 402:
			return make(
				`The ${serviceName} account has no credits left (HTTP 402)${said}; top up the credits`,
				"Top up the account's credits or wait for the plan to renew. The node stopped and sent no further lookups, so no more credits are spent.",
			);
		case 403:
			return make(
				`The ${serviceName} refused the API key for ${where} (HTTP 403)${said}; the plan does not allow this call or the account is inactive`,
				'Check that the account is active and that its plan includes this API (for the global service: V3 API access). No further lookups were sent.',
			);
		case 451:
			return make(
				`The ${serviceName} may not return this record for legal reasons (HTTP 451)${said}`,
				'The record is blocked by a data-protection rule (for example GDPR); it cannot be enriched. The other items go on.',
			);
		case 429: {
			const seconds = resetSeconds(answer);
			return withDecision(
				make(
					`The ${serviceName} kept answering "too many requests" (HTTP 429) after ${RETRY_POLICY.retries} retries`,
					'Run fewer items at once, or try again in a minute.',
				),
				{ kind: 'retry', afterMs: seconds === undefined ? undefined : seconds * 1000 },
			);
		}
		case 404:
			return make(
				`The ${serviceName} has no ${where} (HTTP 404)${said}; the credential's API or base URL is probably wrong`,
				"Check the API chosen in the credential: the service's own API and the connection contract have different paths.",
			);
		default:
			return make(
				`The ${serviceName} refused ${where} (HTTP ${status})${said}`,
				'Check the input of this item and the credential.',
			);
	}
}

/** A used-up daily or hourly quota: the node stops at once, even under Continue On Fail. */
function quotaError(
	node: INode,
	answer: ServiceAnswer,
	serviceName: string,
	call: ServiceCall,
	window: 'daily' | 'hourly',
): NodeApiError {
	const limit = header(answer, window === 'daily' ? 'x-rate-limit-daily' : 'x-rate-limit-hourly');
	const seconds = resetSeconds(answer);
	const resets = seconds
		? `in ${seconds} seconds`
		: window === 'daily'
			? 'at the start of the next day'
			: 'within the hour';
	const error = apiError(
		node,
		call,
		answer,
		`The ${serviceName}'s ${window} request quota${limit ? ` of ${limit} calls` : ''} is used up (HTTP 429); it resets ${resets}`,
		`The node stopped and sent no further calls. Run the workflow again after the ${window} quota resets, or raise the plan's limit.`,
		messageOf(answer.body),
	);
	error.context.quotaExhausted = true;
	return withDecision(error, {
		kind: 'stop',
		reason: 'quota',
		resetsInMs: seconds === undefined ? undefined : seconds * 1000,
	});
}

/** A call that may have run (and been charged): never repeated automatically. */
function mayHaveRunError(
	node: INode,
	call: ServiceCall,
	serviceName: string,
	what: string,
	answer?: ServiceAnswer,
): NodeApiError {
	const error = apiError(
		node,
		call,
		answer,
		`The ${serviceName} may have run and charged ${call.method} ${call.path}: ${what}. It was not repeated, so no credit is spent twice`,
		"Check the service's usage or credit history before running this item again. The other items went on.",
		answer ? messageOf(answer.body) : undefined,
	);
	return withDecision(error, { kind: 'stop', reason: 'mayHaveRun' });
}

/** A 2xx body that is not the JSON the service sends (text, an HTML page, cut-off JSON). */
function brokenBody(answer: ServiceAnswer): string | undefined {
	if (answer.statusCode >= 300) return undefined;
	const body = answer.body;
	if (body === undefined || body === null || body === '' || typeof body === 'object')
		return undefined;
	return String(body);
}

/** An HTML page: the base URL points at a web site, not at the API. */
const isWebPage = (body: string) => /^\s*</.test(body);

/**
 * A 2xx answer that is not JSON. An HTML page means the base URL points at a web site; anything
 * else (cut-off or garbled JSON) is a broken answer. The body is never quoted: it may hold
 * personal data.
 */
function notJsonError(node: INode, answer: ServiceAnswer, serviceName: string, call: ServiceCall) {
	const body = String(answer.body);
	if (isWebPage(body)) {
		return apiError(
			node,
			call,
			answer,
			`The ${serviceName} answered ${call.method} ${call.path} with a web page (${body.length} characters), not the expected JSON; the base URL in the credential is probably wrong`,
			"Check the credential's API and base URL: they must point at the service's API, not at a web page or another server.",
		);
	}
	return apiError(
		node,
		call,
		answer,
		`The ${serviceName} answered ${call.method} ${call.path} with a cut-off or garbled answer (${body.length} characters), also when asked again`,
		'Run the item again later; if it keeps failing, check that nothing between n8n and the service (a proxy) alters answers.',
	);
}

/**
 * Sends one call through the node's transport and classifies what comes back, once for both nodes:
 * - 429 (not executed) and 503 are retried with backoff; a used-up daily/hourly quota stops the node;
 * - a reset or timeout after sending, or HTTP 500/502/504, is retried only when the call is safe to
 *   repeat; otherwise the item gets an error saying the call may have been charged;
 * - a 2xx answer that is not JSON: an HTML page means a wrong base URL; a cut-off or garbled one
 *   is retried when safe to repeat, and otherwise the item gets an error saying it may have been charged.
 * Every other status comes back as an answer for the caller to read.
 */
export async function sendClassified(
	ctx: IExecuteFunctions,
	service: ServiceInfo,
	call: ServiceCall,
): Promise<ServiceAnswer> {
	const node = ctx.getNode();
	for (let attempt = 0; ; attempt++) {
		const canRetry = attempt < RETRY_POLICY.retries;
		let answer: ServiceAnswer | undefined;
		let failure: unknown;
		try {
			answer = await service.send(ctx, call);
		} catch (error) {
			failure = error;
		}
		// The node's own refusal (bad credential) was raised before anything was sent.
		if (failure instanceof NodeOperationError) throw failure;
		if (answer === undefined) {
			const code = networkCodeOf(failure);
			const notSent = wasNotSent(code);
			if (canRetry && (notSent || call.replaySafe)) {
				await sleep(backoffDelay(attempt, RETRY_POLICY));
				continue;
			}
			if (notSent) {
				throw apiError(
					node,
					call,
					undefined,
					`The ${service.name} could not be reached (${code}); nothing was sent`,
					"Check the credential's base URL and the network.",
				);
			}
			if (call.replaySafe) {
				throw new NodeApiError(node, failure as JsonObject, { itemIndex: call.itemIndex });
			}
			throw mayHaveRunError(
				node,
				call,
				service.name,
				`the connection broke after the request was sent (${code ?? 'no answer'})`,
			);
		}
		const status = answer.statusCode;
		if (status === 429) {
			const window = exhaustedWindow(answer);
			if (window === 'daily' || window === 'hourly') {
				throw quotaError(node, answer, service.name, call, window);
			}
			if (!canRetry) return answer;
			const seconds = resetSeconds(answer);
			await sleep(backoffDelay(attempt, RETRY_POLICY, seconds ? seconds * 1000 : 0));
			continue;
		}
		if (status === 503 && canRetry) {
			await sleep(backoffDelay(attempt, RETRY_POLICY));
			continue;
		}
		if (status === 500 || status === 502 || status === 504) {
			if (call.replaySafe) {
				if (canRetry) {
					await sleep(backoffDelay(attempt, RETRY_POLICY));
					continue;
				}
				return answer;
			}
			throw mayHaveRunError(node, call, service.name, `it answered HTTP ${status}`, answer);
		}
		const broken = brokenBody(answer);
		if (broken !== undefined) {
			const html = isWebPage(broken);
			if (!html && !call.replaySafe) {
				throw mayHaveRunError(node, call, service.name, 'its answer was cut off or garbled');
			}
			if (!html && canRetry) {
				await sleep(backoffDelay(attempt, RETRY_POLICY));
				continue;
			}
			throw notJsonError(node, answer, service.name, call);
		}
		return answer;
	}
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
