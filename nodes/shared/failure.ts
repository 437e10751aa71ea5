/**
 * The one failure model of every transport. One call's attempt ends in one of four classes,
 * decided here once for every service:
 *
 * - `neverSent`: the request never left (connection refused, unknown host). Nothing ran.
 * - `notExecuted`: the service answered that it did not execute the call (HTTP 429, 503, or a
 *   service's own rate-limit code, which its transport reports with `notExecuted()`).
 * - `ambiguous`: the call may or may not have run (reset or timeout after sending, HTTP
 *   500/502/504, a 2xx answer cut off mid-body, an HTML page or malformed JSON instead of the
 *   service's JSON).
 * - `answered`: the service's own answer, success or refusal, for the transport to read.
 *
 * Every request description carries one flag, `safeToRepeat`. `neverSent` and `notExecuted` are
 * retried with backoff for every call; `ambiguous` is retried only when the call is safe to
 * repeat, and otherwise never repeated: the transport raises one "may have run" error
 * (`mayHaveRunError`) naming the call and what to check. A transport keeps only its service's own
 * codes (the marketing service's 6xx, the enrichment services' quotas and credits, the platform's
 * roles).
 */
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

export type FailureClass = 'neverSent' | 'notExecuted' | 'ambiguous' | 'answered';

/** Why an attempt failed, for the transport's message. */
export type FailureReason =
	| 'refused'
	| 'unknownHost'
	| 'timeout'
	| 'reset'
	| 'status'
	| 'cutOff'
	| 'webPage'
	| 'notJson'
	| 'unknown';

export interface Failure {
	class: FailureClass;
	reason: FailureReason;
	/** The HTTP status, when an answer (or its head) arrived. */
	status?: number;
	/** The network code (`ECONNRESET`, ...), when the request got no answer. */
	code?: string;
}

/** The flag every request description declares. */
export interface RepeatSafety {
	/**
	 * Whether sending the call again after an ambiguous failure is harmless (reads, upserts,
	 * removals). Calls that create, trigger or charge are not: they are never repeated after an
	 * ambiguous failure, and their error says they may have run.
	 */
	safeToRepeat: boolean;
}

/** One answer as n8n's request helper returns it with `returnFullResponse`. */
export interface HttpAnswer {
	statusCode: number;
	body: unknown;
	headers?: Record<string, unknown>;
}

/** Answers that mean "not executed, try again later". */
const NOT_EXECUTED_STATUSES: ReadonlySet<number> = new Set([429, 503]);
/** Answers after which the call may have run: the service failed while or after executing it. */
export const AMBIGUOUS_STATUSES: ReadonlySet<number> = new Set([500, 502, 504]);

/** Codes that mean the request never left: nothing reached the service. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** The network error code (`ECONNRESET`, ...) of an error or of one of its causes. */
export function networkCodeOf(error: unknown): string | undefined {
	let current = error as { code?: unknown; cause?: unknown } | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		if (typeof current.code === 'string' && /^E[A-Z_]+$/.test(current.code)) return current.code;
		current = current.cause as typeof current;
	}
	return undefined;
}

/** A header of an answer, the first value when repeated (names are lower case in n8n's answers). */
export function headerOf(
	headers: Record<string, unknown> | undefined,
	name: string,
): string | undefined {
	const value = headers?.[name.toLowerCase()];
	const first = Array.isArray(value) ? (value[0] as unknown) : value;
	return typeof first === 'string' ? first : undefined;
}

/** An HTML page: an address that points at a web site or a gateway, not at the API. */
export const isWebPage = (body: string) => /^\s*</.test(body);

/** A status, read as a class: `answered` for every status the service means as its answer. */
function classifyStatus(status: number): Failure {
	if (NOT_EXECUTED_STATUSES.has(status)) return { class: 'notExecuted', reason: 'status', status };
	if (AMBIGUOUS_STATUSES.has(status)) return { class: 'ambiguous', reason: 'status', status };
	return { class: 'answered', reason: 'status', status };
}

/**
 * One answer that arrived whole. A 2xx whose body is not the service's JSON (`isServiceJson`,
 * by default any object or an empty body) is ambiguous: an HTML page, or JSON cut off or garbled.
 */
export function classifyAnswer(
	answer: HttpAnswer,
	isServiceJson: (body: unknown) => boolean = isJsonOrEmpty,
): Failure {
	const status = answer.statusCode;
	if (status >= 200 && status < 300 && !isServiceJson(answer.body)) {
		const text = typeof answer.body === 'string' ? answer.body : '';
		return { class: 'ambiguous', reason: isWebPage(text) ? 'webPage' : 'notJson', status };
	}
	return classifyStatus(status);
}

/** Any object, or an empty body (calls whose answer is `{}`). */
export function isJsonOrEmpty(body: unknown): boolean {
	if (typeof body === 'object') return true;
	return body === undefined || (typeof body === 'string' && body.trim() === '');
}

/**
 * One attempt that threw: no answer, or (for requests sent without `ignoreHttpStatusErrors`) an
 * error carrying the answer's status. A 2xx status on an error means the body broke off after
 * the head arrived ("stream has been aborted"): the call may have run.
 */
export function classifyThrown(error: unknown): Failure {
	const code = networkCodeOf(error);
	if (code !== undefined && NOT_SENT_CODES.has(code)) {
		return {
			class: 'neverSent',
			reason: code === 'ECONNREFUSED' ? 'refused' : 'unknownHost',
			code,
		};
	}
	const status = statusOf(error);
	if (status !== undefined && (status < 200 || status >= 300)) return classifyStatus(status);
	if (status !== undefined) return { class: 'ambiguous', reason: 'cutOff', status, code };
	const text = messagesOf(error);
	if ((code !== undefined && TIMEOUT_CODES.has(code)) || /time(d)? ?out/i.test(text)) {
		return { class: 'ambiguous', reason: 'timeout', code };
	}
	if (/aborted|stream has been|premature close/i.test(text)) {
		return { class: 'ambiguous', reason: 'cutOff', code };
	}
	if (
		(code !== undefined && RESET_CODES.has(code)) ||
		/socket hang up|closed unexpectedly|ECONNRESET|EPIPE/i.test(text)
	) {
		return { class: 'ambiguous', reason: 'reset', code };
	}
	// Sent, and nothing says what became of it.
	return { class: 'ambiguous', reason: 'unknown', code };
}

function statusOf(error: unknown): number | undefined {
	const outer = error as { httpCode?: unknown; cause?: unknown; status?: unknown } | undefined;
	const cause = (outer?.cause ?? outer) as
		| { response?: { status?: unknown }; status?: unknown }
		| undefined;
	for (const candidate of [outer?.httpCode, cause?.response?.status, cause?.status]) {
		const status = Number(candidate);
		if (candidate !== null && candidate !== undefined && Number.isInteger(status) && status > 0) {
			return status;
		}
	}
	return undefined;
}

function messagesOf(error: unknown): string {
	const parts: string[] = [];
	let current = error as { message?: unknown; cause?: unknown } | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		if (typeof current.message === 'string') parts.push(current.message);
		current = current.cause as typeof current;
	}
	return parts.join(' ');
}

/** Whether an attempt that failed this way is sent again (while retries are left). */
export function shouldRetry(failure: Failure, request: RepeatSafety): boolean {
	if (failure.class === 'ambiguous') return request.safeToRepeat;
	return failure.class === 'neverSent' || failure.class === 'notExecuted';
}

/** What the "may have run" error says: the call, what happened, what to check. */
export interface MayHaveRun {
	message: string;
	description: string;
	itemIndex?: number;
	status?: number;
	/** What the service said, for the error's details. */
	serviceMessage?: string;
	/** The service's ID of the request, for support: added to the description and the context. */
	requestId?: string;
}

/**
 * The one error for a call that is not safe to repeat and may have run: never repeated, and
 * marked with `context.mayHaveRun` so callers (and `mayHaveRun`) can tell.
 */
export function mayHaveRunError(node: INode, what: MayHaveRun): NodeApiError {
	const error = new NodeApiError(
		node,
		{
			message: what.serviceMessage ?? what.message,
			statusCode: what.status ?? null,
		} as JsonObject,
		{
			message: what.message,
			description: what.requestId
				? `${what.description} (request ID ${what.requestId})`
				: what.description,
			httpCode: what.status === undefined ? undefined : String(what.status),
			itemIndex: what.itemIndex,
		},
	);
	// n8n replaces a message that names a network code with its generic text.
	error.message = what.message;
	if (what.requestId) error.context.requestId = what.requestId;
	error.context.mayHaveRun = true;
	return error;
}

/** Whether an error is the "may have run" error of a call whose fate is open. */
export function mayHaveRun(error: unknown): boolean {
	return error instanceof NodeApiError && error.context.mayHaveRun === true;
}
