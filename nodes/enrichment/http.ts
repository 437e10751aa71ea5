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
import { isPlainHttpAnswer, plainHttpAdvice } from '../shared/plainHttp';
import {
	classifyAnswer,
	classifyThrown,
	headerOf,
	isWebPage,
	networkCodeOf,
	shouldRetry,
	type Failure,
} from '../shared/failure';

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
	 * Whether the call may be repeated after an ambiguous failure (see `nodes/shared/failure.ts`).
	 * Credit-spending lookups are not: the service may have charged them.
	 */
	safeToRepeat: boolean;
}

/** The service's answer: every HTTP status arrives here, the transport does not throw on them. */
export interface ServiceAnswer {
	statusCode: number;
	body: unknown;
	headers: Record<string, string | string[] | undefined>;
}

/** The credential field that holds the address a call went to, and that address. */
export interface ServiceAddress {
	/** "Service URL" or "Base URL (Connection Contract)": the field as the credential shows it. */
	field: string;
	url: string;
}

/** What a node's transport tells the shared classification about its service. */
export interface ServiceInfo {
	/** For messages: "enrichment service", "sales-intelligence service". */
	name: string;
	/** Sends one call as is (the enrichment client: n8n's authenticated request helper). */
	send(ctx: IExecuteFunctions, call: ServiceCall): Promise<ServiceAnswer>;
	/** The address the calls go to, named by its credential field (for messages). */
	address?(ctx: IExecuteFunctions): Promise<ServiceAddress>;
	/** The longest wait (ms) for a used-up rate window before the node stops instead. */
	maxRateWaitMs?(ctx: IExecuteFunctions): Promise<number>;
	/** Seconds until `window` resets, when the service can tell (the global service's V3 usage). */
	windowReset?(ctx: IExecuteFunctions, window: RateWindow): Promise<number | undefined>;
}

/** The service's rate windows, shortest first, as its `x-<window>-requests-left` headers name them. */
export type RateWindow = 'second' | 'minute' | 'hourly' | 'daily';

/** Each window's length: the longest a used-up window can take to reset. */
const WINDOW_SECONDS: Record<RateWindow, number> = {
	second: 1,
	minute: 60,
	hourly: 3600,
	daily: 86_400,
};

/** The default longest wait for a rate window: a minute window always, an hour's only near its end. */
export const DEFAULT_MAX_RATE_WAIT_SECONDS = 300;

/** Rate-window waits per call, beside the retries (a window can be used up again by other callers). */
const MAX_WINDOW_WAITS = 10;

/** "the Service URL https://api.example.com" (or the plain "the credential's address"). */
function addressWords(address: ServiceAddress | undefined): string {
	return address ? `the credential's ${address.field} ${address.url}` : "the credential's address";
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

export const header = (answer: ServiceAnswer, name: string) => headerOf(answer.headers, name);

/** Which rate-limit window is used up (the longest), from the remaining-requests headers or the 429 message. */
export function exhaustedWindow(answer: ServiceAnswer): RateWindow | undefined {
	for (const window of ['daily', 'hourly', 'minute', 'second'] as const) {
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
		case 429:
			return make(
				`The ${serviceName} kept answering "too many requests" (HTTP 429) after ${RETRY_POLICY.retries} retries`,
				'Run fewer items at once, or try again in a minute.',
			);
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

/** A used-up window the node does not wait for: it stops at once, even under Continue On Fail. */
function quotaError(
	node: INode,
	answer: ServiceAnswer,
	serviceName: string,
	call: ServiceCall,
	window: RateWindow,
	seconds: number | undefined,
	maxWaitMs: number,
): NodeApiError {
	const limit = header(answer, `x-rate-limit-${window}`);
	const resets = seconds
		? `in ${seconds} seconds (at ${new Date(Date.now() + seconds * 1000).toISOString()})`
		: window === 'daily'
			? 'at the start of the next day'
			: `within the ${window === 'hourly' ? 'hour' : window}`;
	const name = window === 'second' ? 'per-second' : window === 'minute' ? 'per-minute' : window;
	const error = apiError(
		node,
		call,
		answer,
		`The ${serviceName}'s ${name} request quota${limit ? ` of ${limit} calls` : ''} is used up (HTTP 429); it resets ${resets}`,
		`The node stopped and sent no further calls: it waits for a rate window only up to ${maxWaitMs / 1000} seconds (the credential's Longest Rate-Window Wait). Run the workflow again after the ${name} quota resets, or raise the plan's limit.`,
		messageOf(answer.body),
	);
	error.context.quotaExhausted = true;
	return error;
}

/** A call that may have run (and been charged): never repeated automatically. */
function mayHaveRunError(
	node: INode,
	call: ServiceCall,
	serviceName: string,
	what: string,
	answer?: ServiceAnswer,
): NodeApiError {
	return apiError(
		node,
		call,
		answer,
		`The ${serviceName} may have run and charged ${call.method} ${call.path}: ${what}. It was not repeated, so no credit is spent twice`,
		"Check the service's usage or credit history before running this item again. The other items went on.",
		answer ? messageOf(answer.body) : undefined,
	);
}

/**
 * A 2xx answer that is not JSON. An HTML page means the base URL points at a web site; anything
 * else (cut-off or garbled JSON) is a broken answer. The body is never quoted: it may hold
 * personal data.
 */
function notJsonError(
	node: INode,
	answer: ServiceAnswer,
	serviceName: string,
	call: ServiceCall,
	address: ServiceAddress | undefined,
) {
	const body = String(answer.body);
	if (isWebPage(body)) {
		return apiError(
			node,
			call,
			answer,
			`The ${serviceName} answered ${call.method} ${call.path} with a web page (${body.length} characters), not the expected JSON; ${addressWords(address)} is probably wrong`,
			`Check the credential's API and ${address?.field ?? 'address'}: they must point at the service's API, not at a web page or another server.`,
		);
	}
	return apiError(
		node,
		call,
		answer,
		`The ${serviceName} at ${address?.url ?? "the credential's address"} answered ${call.method} ${call.path} with a cut-off or garbled answer (${body.length} characters), also when asked again`,
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
export async function sendWithRetries(
	ctx: IExecuteFunctions,
	service: ServiceInfo,
	call: ServiceCall,
): Promise<ServiceAnswer> {
	const node = ctx.getNode();
	let windowWaits = 0;
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
		const address = await service.address?.(ctx);
		// An https address that speaks plain HTTP: the TLS handshake failed, nothing was sent.
		const code = answer === undefined ? networkCodeOf(thrown) : undefined;
		if (isPlainHttpAnswer(code)) {
			const url = address?.url ?? "the credential's address";
			throw apiError(
				node,
				call,
				undefined,
				`The ${service.name} at ${url} did not answer over HTTPS (${code}); nothing was sent`,
				`${plainHttpAdvice(url, `the credential's ${address?.field ?? 'address'}`, code!)}.`,
			);
		}
		// A used-up rate window: waited out when it resets within the node's longest wait (a 429
		// is "not executed", so the call is sent again); otherwise the node stops, naming the reset.
		const window = answer?.statusCode === 429 ? exhaustedWindow(answer) : undefined;
		if (answer && window) {
			const maxWaitMs =
				(await service.maxRateWaitMs?.(ctx)) ?? DEFAULT_MAX_RATE_WAIT_SECONDS * 1000;
			const known =
				resetSeconds(answer) ??
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
				attempt--;
				await sleep(waitSeconds * 1000);
				continue;
			}
			throw quotaError(node, answer, service.name, call, window, known, maxWaitMs);
		}
		if (canRetry && shouldRetry(failure, call)) {
			const seconds = answer?.statusCode === 429 ? resetSeconds(answer) : undefined;
			await sleep(backoffDelay(attempt, RETRY_POLICY, seconds ? seconds * 1000 : 0));
			continue;
		}
		const outcome = finalError(node, service.name, call, failure, answer, thrown, address);
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
	address: ServiceAddress | undefined,
): Error | ServiceAnswer {
	if (failure.class === 'neverSent') {
		return apiError(
			node,
			call,
			undefined,
			`The ${serviceName} at ${address?.url ?? "the credential's address"} could not be reached (${failure.code}); nothing was sent`,
			`Check ${addressWords(address)} and the network.`,
		);
	}
	const brokenBody = failure.reason === 'webPage' || failure.reason === 'notJson';
	if (failure.class === 'ambiguous' && !call.safeToRepeat) {
		const what = answer
			? failure.reason === 'webPage'
				? `its answer was a web page, not the JSON the service sends (check ${addressWords(address)})`
				: brokenBody
					? 'its answer was cut off or garbled'
					: `it answered HTTP ${answer.statusCode}`
			: failure.reason === 'cutOff'
				? 'its answer was cut off or garbled'
				: `the connection broke after the request was sent (${failure.code ?? 'no answer'})`;
		return mayHaveRunError(node, call, serviceName, what, brokenBody ? undefined : answer);
	}
	if (answer && brokenBody) return notJsonError(node, answer, serviceName, call, address);
	if (answer) return answer;
	if (failure.reason === 'cutOff') {
		return apiError(
			node,
			call,
			undefined,
			`The ${serviceName} at ${address?.url ?? "the credential's address"} answered ${call.method} ${call.path} with a cut-off or garbled answer, also when asked again`,
			'Run the item again later; if it keeps failing, check that nothing between n8n and the service (a proxy) alters answers.',
		);
	}
	return new NodeApiError(node, thrown as JsonObject, { itemIndex: call.itemIndex });
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
