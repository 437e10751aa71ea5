import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INode,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { credentialReader } from '../../shared/credentials';
import { echo } from '../../shared/echo';
import { classifyAnswer, isJsonOrEmpty, mayHaveRunError, shouldRetry } from '../../shared/failure';
import { callService, FailedAttempt, sendWithinOrigin } from '../../shared/pipeline';
import { isToolRun, TOOL_MAX_RATE_WAIT_MS } from '../../shared/tool';
import { authorization } from './authorization';
import { adminBaseUrl } from './baseUrl';
import {
	assertServiceSuccess,
	brokenAnswerError,
	mayHaveRunWords,
	noAnswerError,
	retryAfterMs,
	type AdminCall,
} from './refusals';
import { timing } from './timing';

/**
 * The platform's adapter to the shared request pipeline (`nodes/shared/pipeline`): its
 * credential and address, what counts as its JSON, its waits, and the error the user sees when no
 * usable answer came. `index.ts` builds the node's calls on it.
 */
const CREDENTIAL_TYPE = 'agentPlatformApi';

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

export function answerBody(response: IN8nHttpFullResponse): IDataObject {
	return (
		typeof response.body === 'object' && response.body !== null ? response.body : {}
	) as IDataObject;
}

/** The contexts that call the service: an execution, or the editor loading a picker's list. */
export type ServiceContext = IExecuteFunctions | ILoadOptionsFunctions;

/** The credential, read once per execution (or per list the editor loads). */
const credentialsOf = credentialReader(CREDENTIAL_TYPE);

/** The project ID of the credential: the project calls act on unless they name another. */
export async function credentialProjectOf(ctx: ServiceContext, itemIndex = 0): Promise<string> {
	return String((await credentialsOf(ctx, itemIndex)).projectId ?? '').trim();
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
const isServiceJson = (call: AdminCall) => (body: unknown) =>
	call.safeToRepeat ? isJsonOrEmpty(body) : typeof body === 'object' && body !== null;

interface Sent {
	/** The last answer: a success, or a refusal for the caller to report. */
	response: IN8nHttpFullResponse;
	attempts: number;
	/** An earlier attempt failed in a way that leaves open whether the service ran it. */
	earlierMayHaveRun: boolean;
}

/**
 * Sends the call through the pipeline and returns the last answer. Throws the error the user sees
 * when no usable answer came.
 */
export async function send(
	ctx: ServiceContext,
	path: string,
	body: IDataObject,
	call: AdminCall,
): Promise<Sent> {
	const credentials = await credentialsOf(ctx, call.itemIndex);
	const baseURL = adminBaseUrl(credentials);
	const headers = {
		...JSON_HEADERS,
		Authorization: authorization(credentials, path, call.project),
	};
	const node = ctx.getNode();
	const destination = {
		credentialType: CREDENTIAL_TYPE,
		baseUrl: baseURL,
		addressFields: 'Region / Base URL',
		itemIndex: call.itemIndex,
	};
	let attempts = 0;
	let earlierMayHaveRun = false;
	const response = await callService<IN8nHttpFullResponse, IN8nHttpFullResponse>({
		safeToRepeat: call.safeToRepeat,
		backoff: timing,
		send: async () => {
			attempts++;
			return (await sendWithinOrigin(ctx, destination, {
				method: call.method ?? 'POST',
				baseURL,
				url: path,
				// n8n drops an empty object; the service wants `{}` itself. A GET sends no body.
				// A GET, and a DELETE by path alone, send no body.
				...(call.method === 'GET' || (call.method === 'DELETE' && Object.keys(body).length === 0)
					? {}
					: { body: Object.keys(body).length === 0 ? '{}' : body }),
				...(call.query ? { qs: call.query } : {}),
				json: true,
				headers,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: timing.timeoutMs,
			})) as IN8nHttpFullResponse;
		},
		read: (answer) => {
			const classified = classifyAnswer(answer, isServiceJson(call));
			if (classified.class !== 'answered') throw new FailedAttempt(classified, { answer });
			return answer;
		},
		decide: (error) => {
			if (!(error instanceof FailedAttempt) || !shouldRetry(error.failure, call)) {
				return { retry: false };
			}
			if (error.failure.class === 'ambiguous') earlierMayHaveRun = true;
			const waitMs = error.answer ? retryAfterMs(error.answer) : undefined;
			return { retry: true, waitMs: Math.min(waitMs ?? 0, timing.maxDelayMs) };
		},
		finalError: (error) => finalError(node, call, error, attempts),
		...(isToolRun(node) ? { maxWaitMs: TOOL_MAX_RATE_WAIT_MS } : {}),
	});
	return { response, attempts, earlierMayHaveRun };
}

/** The error the user sees once the last attempt failed. */
function finalError(node: INode, call: AdminCall, error: unknown, attempts: number): Error {
	if (error instanceof FailedAttempt) {
		if (error.answer) {
			// A refusal, or an unsafe call's open fate; what passes is a safe call's broken 2xx.
			assertServiceSuccess(node, error.answer as IN8nHttpFullResponse, call, attempts);
			return brokenAnswerError(node, call, attempts);
		}
		const reason = noAnswerReason(error);
		if (error.failure.class === 'ambiguous' && !call.safeToRepeat) {
			return mayHaveRunError(node, mayHaveRunWords(call, reason));
		}
		if (error.failure.reason === 'cutOff') return brokenAnswerError(node, call, attempts);
		return noAnswerError(node, call, reason, attempts);
	}
	if (error instanceof NodeApiError) return error;
	return new NodeApiError(node, error as JsonObject, { itemIndex: call.itemIndex });
}
