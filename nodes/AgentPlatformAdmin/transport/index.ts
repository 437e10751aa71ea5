import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INode,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { withBackoff, type RetryDecision } from '../../shared/backoff';
import { credentialReader } from '../../shared/credentials';
import { echo } from '../../shared/echo';
import { networkCodeOf, wasNotSent } from '../../shared/network';
import {
	checkAddress,
	CredentialTestFailure,
	credentialTestMethod,
	isNotApiAnswer,
	probe,
	statusFailure,
} from '../../shared/credentialTest';
import { adminBaseUrl, REGION_BASE_URLS } from './baseUrl';
import {
	AMBIGUOUS_STATUSES,
	assertServiceSuccess,
	brokenAnswerError,
	mayHaveRunError,
	noAnswerError,
	NOT_EXECUTED_STATUSES,
	retryAfterMs,
	type ServiceCall,
} from './errors';
import { timing } from './timing';

export { adminBaseUrl } from './baseUrl';
export { mayHaveRun } from './errors';

/**
 * The one place the admin node talks to the service. Every call is a POST with a JSON body and a
 * time limit per attempt. Calls safe to repeat (everything but the creating calls) are retried with
 * backoff after any failure that leaves their fate open; creating calls are never replayed, and such
 * a failure says they may have run. Answers that mean "not executed" (429, 503) and requests that
 * never left (connection refused, unknown host) are retried for every call.
 */

export const CREDENTIAL_TYPE = 'agentPlatformApi';

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

/**
 * The key goes in `Authorization: Bearer <project>:<key>`, added here and not by the credential:
 * a credential with `authenticate` makes n8n add its "Custom API Call" to the node (see README,
 * "API Call"). Calls on the organization, not on a project, send an empty project part.
 */
const ORGANIZATION_SCOPED_PATHS = [/\/projects\/create$/];

function authorization(credentials: ICredentialDataDecryptedObject, path: string): string {
	const projectPart = ORGANIZATION_SCOPED_PATHS.some((scoped) => scoped.test(path))
		? ''
		: String(credentials.projectId ?? '').trim();
	return `Bearer ${projectPart}:${String(credentials.apiKey ?? '').trim()}`;
}

/** Path of a user operation; the (checked) user ID is always encoded as one path segment. */
export function userPath(userId: string, action: 'update' | 'delete'): string {
	return `/auth/users/${encodeURIComponent(userId)}/${action}`;
}

/** The service marks an invite that an existing organization member accepted at once. */
export function isAutoAccepted(answer: IDataObject): boolean {
	return (
		answer.accepted === true || answer.status === 'accepted' || answer.email_status === 'accepted'
	);
}

function answerBody(response: IN8nHttpFullResponse): IDataObject {
	return (
		typeof response.body === 'object' && response.body !== null ? response.body : {}
	) as IDataObject;
}

/** The contexts that call the service: an execution, or the editor loading a picker's list. */
export type ServiceContext = IExecuteFunctions | ILoadOptionsFunctions;

/** The credential, read once per execution (or per list the editor loads). */
const readCredentials = credentialReader(CREDENTIAL_TYPE);
export const credentialsOf = async (ctx: ServiceContext, itemIndex = 0) =>
	await readCredentials(ctx as IExecuteFunctions, itemIndex);

/** An attempt that got no answer; `reason` in the node's own words. */
class NoAnswer extends Error {
	constructor(
		readonly reason: string,
		/** The request never left (refused, unknown host): nothing can have run. */
		readonly notSent: boolean,
	) {
		super(reason);
		this.name = 'NoAnswer';
	}
}

/** An answer that is not the call's result: "not executed" (429, 503), or one after which it may have run. */
class FailedAnswer extends Error {
	constructor(
		readonly response: IN8nHttpFullResponse,
		readonly mayHaveRun: boolean,
	) {
		super(`HTTP ${response.statusCode}`);
		this.name = 'FailedAnswer';
	}
}

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);

function noAnswerOf(error: unknown): NoAnswer {
	const code = networkCodeOf(error);
	const text = String((error as Error)?.message ?? '');
	if (wasNotSent(code)) {
		return new NoAnswer(
			code === 'ECONNREFUSED'
				? 'the service refused the connection'
				: 'the host name of the base URL could not be resolved',
			true,
		);
	}
	if ((code !== undefined && TIMEOUT_CODES.has(code)) || /time(d)? ?out/i.test(text)) {
		return new NoAnswer(`no answer within ${timing.timeoutMs / 1000} s`, false);
	}
	if (
		code === 'ECONNRESET' ||
		code === 'EPIPE' ||
		/socket hang up|closed unexpectedly/i.test(text)
	) {
		return new NoAnswer('the connection closed before an answer came', false);
	}
	return new NoAnswer(echo(text) || 'no answer came', false);
}

/**
 * A 2xx answer that is not the service's JSON. A creating call answers with what it created, so
 * any non-object is broken; the other calls answer `{}`, and an empty body is taken as that.
 */
function isBroken(response: IN8nHttpFullResponse, call: ServiceCall): boolean {
	const body: unknown = response.body;
	if (typeof body === 'object' && body !== null) return false;
	if (call.creates) return true;
	return typeof body === 'string' && body.trim() !== '';
}

interface Sent {
	/** The last answer: a success, or a refusal for the caller to report. */
	response: IN8nHttpFullResponse;
	attempts: number;
	/** An earlier attempt failed in a way that leaves open whether the service ran it. */
	earlierMayHaveRun: boolean;
}

/**
 * Sends the call, retrying as the header comment says, and returns the last answer. Throws the
 * error the user sees when no usable answer came.
 */
async function send(
	ctx: ServiceContext,
	path: string,
	body: IDataObject,
	call: ServiceCall,
): Promise<Sent> {
	const credentials = await credentialsOf(ctx, call.itemIndex);
	const baseURL = adminBaseUrl(credentials);
	const headers = { ...JSON_HEADERS, Authorization: authorization(credentials, path) };
	const node = ctx.getNode();
	const repeatable = call.creates === undefined;
	let attempts = 0;
	let earlierMayHaveRun = false;

	const attempt = async (): Promise<IN8nHttpFullResponse> => {
		attempts++;
		let response: IN8nHttpFullResponse | undefined;
		let failure: unknown;
		try {
			response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, {
				method: call.method ?? 'POST',
				baseURL,
				url: path,
				// n8n drops an empty object; the service wants `{}` itself. A GET sends no body.
				...(call.method === 'GET' ? {} : { body: Object.keys(body).length === 0 ? '{}' : body }),
				...(call.query ? { qs: call.query } : {}),
				json: true,
				headers,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: timing.timeoutMs,
			})) as IN8nHttpFullResponse;
		} catch (error) {
			failure = error;
		}
		if (response === undefined) {
			// The node's own refusal (no credential) is raised before anything is sent.
			if (failure instanceof NodeOperationError) throw failure;
			throw noAnswerOf(failure);
		}
		const status = response.statusCode;
		if (NOT_EXECUTED_STATUSES.has(status)) throw new FailedAnswer(response, false);
		const ok = status >= 200 && status < 300;
		if (AMBIGUOUS_STATUSES.has(status) || (ok && isBroken(response, call))) {
			throw new FailedAnswer(response, true);
		}
		return response;
	};

	const decide = (error: unknown): RetryDecision => {
		if (error instanceof FailedAnswer && !error.mayHaveRun) {
			const waitMs = retryAfterMs(error.response);
			return { retry: true, waitMs: Math.min(waitMs ?? 0, timing.maxDelayMs) };
		}
		if (error instanceof NoAnswer && error.notSent) return { retry: true };
		if ((error instanceof NoAnswer || error instanceof FailedAnswer) && repeatable) {
			earlierMayHaveRun = true;
			return { retry: true };
		}
		return { retry: false };
	};

	try {
		const response = await withBackoff(attempt, decide, {
			retries: timing.retries,
			baseDelayMs: timing.baseDelayMs,
			maxDelayMs: timing.maxDelayMs,
		});
		return { response, attempts, earlierMayHaveRun };
	} catch (error) {
		throw finalError(node, call, error, attempts);
	}
}

/** The error the user sees once the last attempt failed. */
function finalError(node: INode, call: ServiceCall, error: unknown, attempts: number): Error {
	if (error instanceof FailedAnswer) {
		// A refusal, or a creating call's open fate; what passes is a repeatable call's broken 2xx.
		assertServiceSuccess(node, error.response, call, attempts);
		return brokenAnswerError(node, call, attempts);
	}
	if (error instanceof NoAnswer) {
		if (call.creates && !error.notSent) return mayHaveRunError(node, call, error.reason);
		return noAnswerError(node, call, error.reason, attempts);
	}
	if (error instanceof NodeOperationError || error instanceof NodeApiError) return error;
	return new NodeApiError(node, error as JsonObject, { itemIndex: call.itemIndex });
}

/** A call whose answer is its result: POST `path` with a JSON body; a refusal becomes a NodeApiError. */
export async function adminRequest(
	this: ServiceContext,
	path: string,
	body: IDataObject,
	call: ServiceCall,
): Promise<IDataObject> {
	const { response, attempts } = await send(this, path, body, call);
	assertServiceSuccess(this.getNode(), response, call, attempts);
	return answerBody(response);
}

/**
 * A removal (an invite, a user from the project): safe to repeat. When an attempt may have run
 * and a retry is answered 404, that earlier attempt removed it: a success, said in the result.
 */
async function removeRequest(
	this: IExecuteFunctions,
	path: string,
	body: IDataObject,
	call: ServiceCall,
): Promise<{ removedByEarlierAttempt: boolean }> {
	const { response, attempts, earlierMayHaveRun } = await send(this, path, body, call);
	if (response.statusCode === 404 && earlierMayHaveRun) return { removedByEarlierAttempt: true };
	assertServiceSuccess(this.getNode(), response, call, attempts);
	return { removedByEarlierAttempt: false };
}

/** Deletes a pending invite (Invite → Delete, and the first step of Change Role). */
export async function deleteInvite(
	this: IExecuteFunctions,
	inviteCode: string,
	action: string,
	itemIndex: number,
): Promise<{ removedByEarlierAttempt: boolean }> {
	return await removeRequest.call(
		this,
		'/auth/invite/delete',
		{ invite_code: inviteCode },
		{ action, requiresAdmin: true, itemIndex },
	);
}

/** Removes a user from the project named in the credential; the service wants `{}` as the body. */
export async function removeUser(
	this: IExecuteFunctions,
	userId: string,
	itemIndex: number,
): Promise<{ removedByEarlierAttempt: boolean }> {
	return await removeRequest.call(
		this,
		userPath(userId, 'delete'),
		{},
		{ action: 'remove the user from the project', requiresAdmin: true, itemIndex },
	);
}

/**
 * The credential test (the node's `methods.credentialTest`): Base URL checked before any call,
 * then `GET /auth/info`, which any valid key may call; every failure says which field to change.
 */
export const credentialTest = credentialTestMethod(
	'Connection successful: the service accepted the API key for this project.',
	async (ctx, credentials) => {
		const custom = !(String(credentials.region ?? '') in REGION_BASE_URLS);
		const address = custom
			? { field: 'Base URL', example: 'https://api-xxxxxx.stack.example.com' }
			: { field: 'Region', example: 'the region your organization is hosted in' };
		if (custom && !String(credentials.baseUrl ?? '').trim()) {
			throw new CredentialTestFailure(
				"Base URL is required when Region is Custom: enter the API's address (e.g. https://api-xxxxxx.stack.example.com), or choose your organization's region.",
			);
		}
		const url = `${adminBaseUrl(credentials)}/auth/info`;
		if (custom) checkAddress(url, address, String(credentials.baseUrl));
		const answer = await probe(
			ctx,
			{
				method: 'GET',
				url,
				headers: { Accept: 'application/json', Authorization: authorization(credentials, url) },
			},
			address,
		);
		const status = answer.statusCode;
		if (status === 401) {
			throw new CredentialTestFailure(
				'The service refused the API key for this project (HTTP 401). Check that the API Key is complete, that the Project ID is a project of the key’s organization, and that Region is the region your organization lives in (a key works only in its own region).',
			);
		}
		if (status === 403) {
			throw new CredentialTestFailure(
				'The API key is valid but may not use this project (HTTP 403). Check the Project ID, or create the key in the project’s organization under Integrations & API Keys.',
			);
		}
		const addressFix = custom
			? 'With Region Custom, Base URL must be the API’s address (e.g. https://api-xxxxxx.stack.example.com), not the app’s web address.'
			: 'Check Region; if your organization has its own address, choose Custom and enter it as Base URL.';
		if (status < 200 || status >= 300) {
			throw new CredentialTestFailure(
				statusFailure(answer, url, {
					key: 'Check the API Key, the Project ID and Region.',
					address: addressFix,
				}),
			);
		}
		if (isNotApiAnswer(answer)) {
			throw new CredentialTestFailure(
				`The address answered, but not with the API's JSON (a web page?). ${addressFix}`,
			);
		}
	},
);
