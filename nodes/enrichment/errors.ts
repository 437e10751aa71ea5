import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isWebPage, type MayHaveRun } from '../shared/failure';
import { withDecision } from '../shared/toolDecision';
import { header, messageOf, requestIdOf, secondsUntilReset } from './answers';
import {
	RETRY_POLICY,
	type RateWindow,
	type ServiceAddress,
	type ServiceAnswer,
	type ServiceCall,
} from './types';

/** HTTP statuses after which no further lookup of the run can succeed: the node stops. */
const FATAL_STATUSES = new Set(['401', '402', '403']);

/** Marks errors that stop the node even under Continue On Fail (used-up quota, refused key). */
export function isFatal(error: unknown): boolean {
	if (!(error instanceof NodeApiError)) return false;
	return error.context.quotaExhausted === true || FATAL_STATUSES.has(String(error.httpCode));
}

export function apiError(
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
			const seconds = secondsUntilReset(answer);
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

/** A used-up window the node does not wait for: it stops at once, even under Continue On Fail. */
export function quotaError(
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
		? `in ${seconds} seconds`
		: window === 'daily'
			? 'at the start of the next day'
			: `within the ${window === 'hourly' ? 'hour' : window}`;
	const name = window === 'second' ? 'per-second' : window === 'minute' ? 'per-minute' : window;
	const error = apiError(
		node,
		call,
		answer,
		`The ${serviceName}'s ${name} request quota${limit ? ` of ${limit} calls` : ''} is used up (HTTP 429); it resets ${resets}`,
		window === 'daily'
			? "The node stopped and sent no further calls. Run the workflow again after the daily quota resets, or raise the plan's limit."
			: `The node stopped and sent no further calls: it waits for a rate window only up to ${maxWaitMs / 1000} seconds (the credential's Longest Rate-Window Wait). Run the workflow again after the ${name} quota resets, or raise the plan's limit.`,
		messageOf(answer.body),
	);
	error.context.quotaExhausted = true;
	return withDecision(error, {
		kind: 'stop',
		reason: 'quota',
		resetsInMs: seconds === undefined ? undefined : seconds * 1000,
	});
}

/** What the error of a call that may have run (and been charged) says: never repeated. */
export function mayHaveRunWords(
	call: ServiceCall,
	serviceName: string,
	what: string,
	answer?: ServiceAnswer,
): MayHaveRun {
	return {
		message: `The ${serviceName} may have run and charged ${call.method} ${call.path}: ${what}. It was not repeated, so no credit is spent twice`,
		description:
			"Check the service's usage or credit history before running this item again. The other items went on.",
		status: answer?.statusCode,
		serviceMessage: answer ? (messageOf(answer.body) ?? `HTTP ${answer.statusCode}`) : undefined,
		requestId: answer ? requestIdOf(answer) : undefined,
		itemIndex: call.itemIndex,
	};
}

/**
 * A 2xx answer that is not JSON. An HTML page means the base URL points at a web site; anything
 * else (cut-off or garbled JSON) is a broken answer. The body is never quoted: it may hold
 * personal data.
 */
export function notJsonError(
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
	return cutOffError(node, serviceName, call, address, answer);
}

/** An answer cut off or garbled, also when asked again; its length when it arrived whole. */
export function cutOffError(
	node: INode,
	serviceName: string,
	call: ServiceCall,
	address: ServiceAddress | undefined,
	answer?: ServiceAnswer,
): NodeApiError {
	const length = answer ? ` (${String(answer.body).length} characters)` : '';
	return apiError(
		node,
		call,
		answer,
		`The ${serviceName} at ${addressWords(address)} answered ${call.method} ${call.path} with a cut-off or garbled answer${length}, also when asked again`,
		'Run the item again later; if it keeps failing, check that nothing between n8n and the service (a proxy) alters answers.',
	);
}

/** What a lookup's broken answer was (a web page, or cut off), naming the address to check. */
export function brokenAnswerWords(
	kind: 'webPage' | 'cutOff',
	address: ServiceAddress | undefined,
): string {
	return kind === 'webPage'
		? `its answer was a web page, not the JSON the service sends (check ${addressWords(address)})`
		: `its answer was cut off or garbled (check ${addressWords(address)} and any proxy on the way)`;
}

/** "the Service URL https://api.example.com" (or the plain "the credential's address"). */
export function addressWords(address: ServiceAddress | undefined): string {
	return address ? `the credential's ${address.field} ${address.url}` : "the credential's address";
}
