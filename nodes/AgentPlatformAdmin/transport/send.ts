import type {
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
import {
	classifyAnswer,
	classifyThrown,
	isJsonOrEmpty,
	shouldRetry,
	type Failure,
} from '../../shared/failure';
import { authorization } from './authorization';
import { adminBaseUrl } from './baseUrl';
import {
	assertServiceSuccess,
	brokenAnswerError,
	mayHaveRunError,
	noAnswerError,
	retryAfterMs,
	type ServiceCall,
} from './errors';
import { timing } from './timing';

/**
 * Sending one call: the credential, the attempts with backoff, and the one error the user sees
 * when no usable answer came. `index.ts` builds the node's calls on it.
 */
export const CREDENTIAL_TYPE = 'agentPlatformApi';

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

export function answerBody(response: IN8nHttpFullResponse): IDataObject {
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

/** An attempt that failed, classified by the shared failure model; `response` when one came. */
class FailedAttempt extends Error {
	constructor(
		readonly failure: Failure,
		readonly response?: IN8nHttpFullResponse,
		readonly original?: unknown,
	) {
		super(failure.status ? `HTTP ${failure.status}` : failure.reason);
		this.name = 'FailedAttempt';
	}
}

/** What went wrong when no answer came, in the node's own words (n8n would replace a network code). */
function noAnswerReason(attempt: FailedAttempt): string {
	switch (attempt.failure.reason) {
		case 'refused':
			return 'the service refused the connection';
		case 'unknownHost':
			return 'the host name of the base URL could not be resolved';
		case 'timeout':
			return `no answer within ${timing.timeoutMs / 1000} s`;
		case 'reset':
			return 'the connection closed before an answer came';
		case 'cutOff':
			return 'its answer was cut off or is not JSON';
		default:
			return echo(String((attempt.original as Error)?.message ?? '')) || 'no answer came';
	}
}

/**
 * What counts as the service's JSON in a 2xx answer: a call not safe to repeat answers with what
 * it created (an object); the others answer `{}`, and an empty body is taken as that.
 */
const isServiceJson = (call: ServiceCall) => (body: unknown) =>
	call.safeToRepeat ? isJsonOrEmpty(body) : typeof body === 'object' && body !== null;

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
export async function send(
	ctx: ServiceContext,
	path: string,
	body: IDataObject,
	call: ServiceCall,
): Promise<Sent> {
	const credentials = await credentialsOf(ctx, call.itemIndex);
	const baseURL = adminBaseUrl(credentials);
	const headers = {
		...JSON_HEADERS,
		Authorization: authorization(credentials, path, call.project),
	};
	const node = ctx.getNode();
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
			throw new FailedAttempt(classifyThrown(failure), undefined, failure);
		}
		const classified = classifyAnswer(response, isServiceJson(call));
		if (classified.class !== 'answered') throw new FailedAttempt(classified, response);
		return response;
	};

	const decide = (error: unknown): RetryDecision => {
		if (!(error instanceof FailedAttempt) || !shouldRetry(error.failure, call)) {
			return { retry: false };
		}
		if (error.failure.class === 'ambiguous') earlierMayHaveRun = true;
		const waitMs = error.response ? retryAfterMs(error.response) : undefined;
		return { retry: true, waitMs: Math.min(waitMs ?? 0, timing.maxDelayMs) };
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
	if (error instanceof FailedAttempt) {
		if (error.response) {
			// A refusal, or an unsafe call's open fate; what passes is a safe call's broken 2xx.
			assertServiceSuccess(node, error.response, call, attempts);
			return brokenAnswerError(node, call, attempts);
		}
		const reason = noAnswerReason(error);
		if (error.failure.class === 'ambiguous' && !call.safeToRepeat) {
			return mayHaveRunError(node, call, reason);
		}
		if (error.failure.reason === 'cutOff') return brokenAnswerError(node, call, attempts);
		return noAnswerError(node, call, reason, attempts);
	}
	if (error instanceof NodeOperationError || error instanceof NodeApiError) return error;
	return new NodeApiError(node, error as JsonObject, { itemIndex: call.itemIndex });
}
