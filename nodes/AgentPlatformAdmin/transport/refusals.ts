import type { IDataObject, IN8nHttpFullResponse, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { echo, SERVICE_MESSAGE_LIMIT } from '../../shared/echo';
import {
	AMBIGUOUS_STATUSES,
	headerOf,
	isWebPage,
	mayHaveRunError,
	type HttpAnswer,
	type MayHaveRun,
	type RepeatSafety,
} from '../../shared/failure';
import { withDecision } from '../../shared/toolDecision';

/**
 * The platform's own answers and the errors the node shows. Which failures are retried is the
 * shared failure model's (`nodes/shared/failure.ts`); only the roles and fixes are this service's.
 */

/** One call of the admin node: what it does, for its messages, and how it is sent. */
export interface AdminCall extends RepeatSafety {
	/** What the node was doing, e.g. "create the invite". */
	action: string;
	/** Whether the service reserves the call for keys with the Admin role. */
	requiresAdmin: boolean;
	itemIndex: number;
	/**
	 * For a call not safe to repeat (it creates something): where to look for what it may have
	 * created, e.g. "the project's pending invites".
	 */
	whereToCheck?: string;
	/**
	 * GET for reads the service serves as GET (listings, task state, job polls), DELETE for its
	 * removals by path; POST otherwise.
	 */
	method?: 'GET' | 'POST' | 'DELETE';
	/** Query string of the call (GET listings and polls). */
	query?: IDataObject;
	/** The project the call acts on (a checked ID), when not the credential's. */
	project?: string;
	/**
	 * What a 504 means for this call, when the platform documents it: a sync tool run past the
	 * platform's sync limit goes on running (the error says so instead of "may have run").
	 */
	onGatewayTimeout?: { message: string; description: string };
	/** What the key must also be allowed to do, named when it is refused (e.g. "create projects in it"). */
	keyMustAlso?: string;
}

/** What the may-have-run error of a call not safe to repeat says: it is not repeated. */
export function mayHaveRunWords(call: AdminCall, what: string, status?: number): MayHaveRun {
	const check = call.whereToCheck ?? 'the service';
	return {
		message: `The service did not confirm that it could ${call.action} (${what}); the call may have run: check ${check} before running the node again`,
		description: `Running the node again as it is could ${call.action} twice. Look at ${check} first; run the item again only if nothing was created.`,
		status,
		serviceMessage: what,
		itemIndex: call.itemIndex,
	};
}

/** What the description adds when the call was sent more than once. */
function attemptsNote(attempts: number): string {
	return attempts > 1 ? ` The call was sent ${attempts} times, with growing pauses.` : '';
}

/**
 * No answer came (refused, reset, timed out). `reason` is the node's own words: n8n would replace
 * a message naming a network code with its generic text.
 */
export function noAnswerError(node: INode, call: AdminCall, reason: string, attempts: number) {
	const message = `Could not reach the service to ${call.action}: ${reason}${attempts > 1 ? ` (${attempts} attempts)` : ''}; check the region or base URL in the credential, or run the node again later`;
	const error = new NodeApiError(node, { message: reason } as JsonObject, {
		message,
		description: `Check the region or base URL in the credential and that the service is reachable.${attemptsNote(attempts)}`,
		itemIndex: call.itemIndex,
	});
	// NodeApiError swaps a message that names a network code for n8n's generic text.
	error.message = message;
	return error;
}

/** A 2xx answer cut off or not JSON to a call safe to repeat, also on its last attempt. */
export function brokenAnswerError(node: INode, call: AdminCall, attempts: number) {
	return new NodeApiError(node, { message: 'cut-off or non-JSON answer' } as JsonObject, {
		message: `The service's answer was cut off or is not JSON each time the node asked it to ${call.action} (${attempts} attempts); check that nothing between n8n and the service alters answers, then run the node again`,
		description: `A proxy or gateway between n8n and the service may be cutting or rewriting answers.${attemptsNote(attempts)}`,
		itemIndex: call.itemIndex,
	});
}

/** A 429's `Retry-After` in milliseconds (seconds form only), when the service sends one. */
export function retryAfterMs(response: HttpAnswer): number | undefined {
	const seconds = Number(headerOf(response.headers, 'retry-after'));
	return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** The project a call acts on, in words: the credential's, or the one its Project field names. */
const projectWords = (project?: string) =>
	project === undefined ? 'the project named in the credential' : `project ${echo(project)}`;

function adminFix(project?: string): string {
	const fix = `This operation needs an API key with the Admin role on ${projectWords(project)}. Create the key as an Admin under Integrations & API Keys, or ask an Admin to run it.`;
	return project === undefined
		? fix
		: `${fix} Check too that the Project field names a project of the key's organization.`;
}

function keyFix(project?: string): string {
	return project === undefined
		? 'Check the API key, the project ID and the region in the credential; the key must belong to the organization.'
		: `Check the Project field (${projectWords(project)} must belong to the key's organization), and the API key and the region in the credential.`;
}

/** The fix for an answer's status: the description of the error (with the request ID). */
function fixFor(status: number, requiresAdmin: boolean, project?: string): string {
	if (status === 401 || status === 403) return requiresAdmin ? adminFix(project) : keyFix(project);
	if (status === 404) {
		return `Check the ID or code you entered: the service does not know it in ${project === undefined ? 'this project' : projectWords(project)}.`;
	}
	if (status === 422 || status === 400) {
		return 'Correct the fields the service names and run the node again.';
	}
	if (status === 409) {
		return 'The platform is still busy with work this call conflicts with (for a conversation: an earlier message); wait until it has finished, then run the item again.';
	}
	if (status === 429 || status >= 500)
		return 'The service is busy or failing; run the node again later.';
	return 'Check the node parameters and the credential.';
}

/** What 401/403 add to the message, so Continue On Fail items and AI agents get the fix too. */
function messageHint(status: number, call: AdminCall): string {
	if (status !== 401 && status !== 403) return '';
	if (call.requiresAdmin)
		return ` (this needs an API key with the Admin role on ${projectWords(call.project)})`;
	const also = call.keyMustAlso ? ` and may ${call.keyMustAlso}` : '';
	return call.project === undefined
		? ` (the API key must belong to the organization${also}; check the key and the region in the credential)`
		: ` (the API key must belong to the organization of ${projectWords(call.project)}${also}; check the Project field, and the key and the region in the credential)`;
}

/**
 * Turns the last answer of a call into an error when it is not a success: the service's own
 * message, its request id (for support, also in `context.requestId`), and what to change. A
 * creating call whose answer leaves its fate open (500/502/504, a cut-off or non-JSON 2xx) gets
 * the may-have-run error instead. Never includes the key.
 */
export function assertServiceSuccess(
	node: INode,
	response: IN8nHttpFullResponse,
	call: AdminCall,
	attempts = 1,
) {
	const status = response.statusCode;
	const isObject = typeof response.body === 'object' && response.body !== null;
	if (status >= 200 && status < 300) {
		// A web page is another server's answer (a wrong address), not a run that may have started.
		if (typeof response.body === 'string' && isWebPage(response.body)) {
			throw new NodeApiError(node, { message: 'web page' } as JsonObject, {
				message: `The address of the credential answered with a web page, not the platform's API, so the node could not ${call.action}`,
				description:
					"Check Region (or Base URL with Custom) in the credential: it must point at the platform's API, not at a web site.",
				httpCode: String(status),
				itemIndex: call.itemIndex,
			});
		}
		// A creating call answers with what it created; anything else is a cut-off or foreign answer.
		if (!call.safeToRepeat && !isObject) {
			throw mayHaveRunError(
				node,
				mayHaveRunWords(call, 'its answer was cut off or is not JSON', status),
			);
		}
		return;
	}
	if (status === 504 && call.onGatewayTimeout) {
		throw new NodeApiError(node, { message: `HTTP ${status}` } as JsonObject, {
			...call.onGatewayTimeout,
			httpCode: String(status),
			itemIndex: call.itemIndex,
		});
	}
	if (!call.safeToRepeat && AMBIGUOUS_STATUSES.has(status)) {
		throw mayHaveRunError(node, mayHaveRunWords(call, `HTTP ${status}`, status));
	}
	const body = (isObject ? response.body : {}) as IDataObject;
	const serviceMessage =
		typeof body.message === 'string' && body.message
			? echo(body.message, SERVICE_MESSAGE_LIMIT)
			: `HTTP ${status}`;
	const requestId =
		headerOf(response.headers, 'x-request-id') ?? headerOf(response.headers, 'error_id');
	const fix = `${fixFor(status, call.requiresAdmin, call.project)}${attemptsNote(attempts)}`;
	const error = new NodeApiError(node, { ...body, statusCode: status } as JsonObject, {
		message: `The service refused to ${call.action}: ${serviceMessage}${messageHint(status, call)}`,
		description: requestId ? `${fix} (request ID ${requestId})` : fix,
		httpCode: String(status),
		itemIndex: call.itemIndex,
	});
	if (requestId) error.context.requestId = requestId;
	// For an AI agent's model: the service's own wait, and a missing Admin role as such.
	if (status === 429) withDecision(error, { kind: 'retry', afterMs: retryAfterMs(response) });
	if ((status === 401 || status === 403) && call.requiresAdmin) {
		withDecision(error, { kind: 'stop', reason: 'role' });
	}
	throw error;
}
