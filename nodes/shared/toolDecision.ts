import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { fromAiKeys } from './tool';
import { withoutItemNumbers } from './toolArgument';

/**
 * What an AI agent's model should do after a tool call failed. n8n hands the model only the
 * error's message (`[{"error": <message>}]`), not its description, so in a tool run the router
 * appends this decision to the message (see `toolErrorMessage`).
 *
 * - `retry`: the service did not execute the call; the same call may succeed later, after `afterMs`
 *   when the service said how long (Retry-After, a reset header or its rate-limit window).
 * - `stop`: retrying cannot help; the model tells the user. `resetsAt` (epoch ms) or `resetsInMs`
 *   say when a used-up quota comes back.
 * - `fixArgument`: the call was refused for what the model sent; `argument` names it, `missing`
 *   when the model left it out.
 */
type ToolDecision =
	| { kind: 'retry'; afterMs?: number }
	| { kind: 'stop'; reason: StopReason; resetsAt?: number; resetsInMs?: number }
	| { kind: 'fixArgument'; argument?: string; missing?: boolean };

type StopReason = 'quota' | 'credits' | 'key' | 'role' | 'mayHaveRun' | 'setup' | 'service';

const CONTEXT_KEY = 'toolDecision';

/**
 * Attaches a decision where a transport builds an error, for what the error's fields alone cannot
 * tell (a Retry-After, a quota's reset time, a missing role). Returns the error.
 */
export function withDecision<E extends NodeApiError | NodeOperationError>(
	error: E,
	decision: ToolDecision,
): E {
	error.context[CONTEXT_KEY] = decision as unknown as IDataObject;
	return error;
}

/** Whether a transport or check attached a decision to the error. */
export function hasDecision(error: Error): boolean {
	return (
		(error instanceof NodeApiError || error instanceof NodeOperationError) &&
		error.context[CONTEXT_KEY] !== undefined
	);
}

/** The service's error code in a NodeApiError's response (`{ code: '607', … }`), if any. */
function serviceCodeOf(error: NodeApiError): string | undefined {
	const code = (error.errorResponse as IDataObject | undefined)?.code;
	return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined;
}

/** The first of the node's `$fromAI` arguments the message names (`'email'`), if any. */
export function argumentNamedIn(node: INode, message: string): string | undefined {
	return fromAiKeys(node.parameters).find((key) => message.includes(`'${key}'`));
}

/** Service codes (the marketing service's 6xx) that mean "not executed, try again later". */
const RETRY_CODES = new Set(['604', '606', '608', '611', '614', '615', '713']);

/**
 * The decision for an error: the one a transport attached, else what its fields say (HTTP status,
 * the service's code, a used-up quota, a call that may have run, a refused input).
 */
export function decisionOf(error: Error, node: INode): ToolDecision {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		const attached = error.context[CONTEXT_KEY] as ToolDecision | undefined;
		if (attached) return attached;
	}
	if (error instanceof NodeApiError) {
		if (error.context.mayHaveRun === true) return { kind: 'stop', reason: 'mayHaveRun' };
		if (error.context.quotaExhausted === true) return { kind: 'stop', reason: 'quota' };
		const code = serviceCodeOf(error);
		if (code === '607') return { kind: 'stop', reason: 'quota' };
		if (code === '601' || code === '602') return { kind: 'stop', reason: 'key' };
		if (code === '603') return { kind: 'stop', reason: 'role' };
		if (code && RETRY_CODES.has(code)) return { kind: 'retry' };
		if (code && /^1\d{3}$/.test(code)) {
			return { kind: 'fixArgument', argument: argumentNamedIn(node, error.message) };
		}
		const status = Number(error.httpCode);
		if (status === 429 || status === 503) return { kind: 'retry' };
		if (status === 500 || status === 502 || status === 504) return { kind: 'retry' };
		if (status === 401 || status === 403) return { kind: 'stop', reason: 'key' };
		if (status === 402) return { kind: 'stop', reason: 'credits' };
		if (status === 400 || status === 404 || status === 422) {
			return { kind: 'fixArgument', argument: argumentNamedIn(node, error.message) };
		}
		return { kind: 'stop', reason: 'service' };
	}
	// The node's own refusal before any call: the model's argument, or a setting only the user can change.
	const argument = argumentNamedIn(node, error.message);
	return argument ? { kind: 'fixArgument', argument } : { kind: 'stop', reason: 'setup' };
}

/** A wait as a model reads it: "45 seconds", "3 minutes", "2 hours". */
export function waitText(ms: number): string {
	const seconds = Math.max(1, Math.ceil(ms / 1000));
	if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
	const minutes = Math.ceil(seconds / 60);
	if (minutes < 120) return `${minutes} minutes`;
	return `${Math.ceil(minutes / 60)} hours`;
}

/** An instant as a model reads it: ISO 8601 in UTC to the minute, e.g. 2026-11-26T06:00Z. */
function instantText(epochMs: number): string {
	return `${new Date(epochMs).toISOString().slice(0, 16)}Z`;
}

/** When nothing says how long to wait: long enough for a per-minute window to pass. */
const DEFAULT_RETRY_MS = 60_000;

const STOP_WORDS: Record<StopReason, string> = {
	quota: 'the request quota of the service is used up',
	credits: 'the account has no credits left',
	key: 'the service refused the API key in the credential',
	role: 'the API key lacks the role or permission this needs',
	mayHaveRun: 'the call may have run, so repeating it could do it twice',
	setup: "the node's own settings need a change",
	service: 'the service refused the call',
};

/** The decision as the sentence the model reads after what happened. */
export function decisionText(decision: ToolDecision, description?: string): string {
	const fix = description ? ` ${description.trim().replace(/([^.!?])$/, '$1.')}` : '';
	switch (decision.kind) {
		case 'retry':
			return `Retry: call this tool again with the same arguments in ${waitText(decision.afterMs ?? DEFAULT_RETRY_MS)}${decision.afterMs === undefined ? '' : " (the service's own wait)"}; if it fails again, stop and tell the user.`;
		case 'fixArgument':
			if (!decision.argument) return 'Change the arguments and call this tool again.';
			return `${decision.missing ? 'Add' : 'Change'} the argument '${decision.argument}' and call this tool again.`;
		case 'stop': {
			const resets =
				decision.resetsAt !== undefined
					? ` It resets at ${instantText(decision.resetsAt)}; do not call this tool before then.`
					: decision.resetsInMs !== undefined
						? ` It resets in ${waitText(decision.resetsInMs)}; do not call this tool before then.`
						: '';
			return `Do not retry: stop and tell the user that ${STOP_WORDS[decision.reason]}.${resets} What the user can do:${fix || ' check the node and its credential.'}`;
		}
	}
}

/** The text a model reads for a failed tool call: what happened, then what to do. */
export function toolErrorMessage(error: Error, node: INode): string {
	const decision = decisionOf(error, node);
	const description =
		error instanceof NodeApiError || error instanceof NodeOperationError
			? (error.description ?? undefined)
			: undefined;
	const happened = withoutItemNumbers(error.message.trim()).replace(/([^.!?])$/, '$1.');
	return `${happened} ${decisionText(decision, decision.kind === 'stop' ? description : undefined)}`;
}
