import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { echo } from '../../shared/echo';
import { readTaskMessages, readTaskMetadata } from '../transport/agents';
import { pollUntil } from '../transport/polling';

/**
 * An agent's task (the platform's word; a conversation to the user): its state, and its reply.
 * The states are the platform's own (its SDK's `AgentTaskState`).
 */

/** The task is still working: queued, starting or running. */
const WORKING_STATES = new Set([
	'starting-up',
	'waiting-for-capacity',
	'queued-for-approval',
	'queued-for-rerun',
	'running',
]);
/** The task stopped without a reply. */
const FAILED_STATES = new Set([
	'unrecoverable',
	'errored-pending-approval',
	'timed-out',
	'cancelled',
]);
/** The task waits for a person in the platform (approve a tool call, answer an escalation). */
const WAITING_FOR_PERSON = new Set(['pending-approval', 'escalated', 'paused']);

function stateOf(metadata: IDataObject): string {
	return String((metadata.conversation as IDataObject | undefined)?.state ?? '');
}

function messageOf(record: IDataObject) {
	const content = (record.content ?? {}) as IDataObject;
	const text = [content.text, content.message, content.error].find((v) => typeof v === 'string');
	return {
		type: String(content.type ?? ''),
		text: text as string | undefined,
		thought: content.thought_about_tool_calls === true,
	};
}

/**
 * The agent's answer to the newest user message: the newest agent message after it that is not a
 * "thought" (the words an agent says before calling a tool), and the newest error after it.
 */
export function replyOf(newestFirst: IDataObject[]): { reply?: string; error?: string } {
	let reply: string | undefined;
	let error: string | undefined;
	for (const message of newestFirst.map(messageOf)) {
		if (message.type === 'user-message') break;
		if (message.type === 'agent-error' && error === undefined) error = message.text ?? '';
		if (message.type === 'agent-message' && !message.thought && reply === undefined) {
			reply = message.text ?? '';
		}
	}
	return { reply, error };
}

/** `context.agentFailed` marks the error of a task that ended without a reply (not a transport failure). */
export function agentFailed(error: unknown): boolean {
	return error instanceof NodeApiError && error.context.agentFailed === true;
}

/**
 * Reads the task once, or (with `waitSeconds`) until it stops working or the time runs out, then
 * its reply when it has stopped. A task that ended in a failed state throws the platform's error.
 */
export async function readTask(
	ctx: IExecuteFunctions,
	agentId: string,
	conversationId: string,
	itemIndex: number,
	waitSeconds?: number,
) {
	// A time limit of 0 looks once.
	const { last, finished } = await pollUntil(
		async () => await readTaskMetadata(ctx, agentId, conversationId, itemIndex),
		(metadata) => !WORKING_STATES.has(stateOf(metadata)),
		(waitSeconds ?? 0) * 1000,
	);
	const state = stateOf(last);
	const title = (last.conversation as IDataObject | undefined)?.title;
	const reading = {
		agent_id: agentId,
		conversation_id: conversationId,
		state,
		finished,
		...(typeof title === 'string' && title ? { title } : {}),
	};
	if (!finished) return reading;
	const { reply, error } = replyOf(await readTaskMessages(ctx, agentId, conversationId, itemIndex));
	if (FAILED_STATES.has(state)) {
		const said = error ? `: ${echo(error)}` : '';
		const failure = new NodeApiError(ctx.getNode(), { message: error ?? state } as JsonObject, {
			message: `The agent's run ended in state '${state}' without a reply${said}`,
			description: `Conversation ${conversationId} of agent ${agentId}. Open it in the platform to see what went wrong; fix the agent or the message, then run the item again.`,
			itemIndex,
		});
		failure.context.agentFailed = true;
		throw failure;
	}
	return {
		...reading,
		reply: reply ?? '',
		...(WAITING_FOR_PERSON.has(state)
			? {
					note: `The agent waits for a person in the platform (state '${state}'): approve or answer it there, then read the reply with Agent → Get Reply.`,
				}
			: {}),
	};
}

/** Where the reply of a started agent run is read later, named for the user. */
export function getReplyHint(agentId: string, conversationId: string): string {
	return `Agent → Get Reply (agent ${agentId}, conversation ${conversationId})`;
}
