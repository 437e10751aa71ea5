import type { IDataObject } from 'n8n-workflow';

import { apiRequest, getRequest, resultsOf, segment, type ServiceContext } from './index';

/**
 * The platform's agent calls. The trigger is documented ("officially supported" use of the API);
 * the task metadata and messages are what the platform's own SDK reads to follow a task.
 */

/** What `POST /agents/trigger` sends: the message, and the conversation it continues, if any. */
export interface AgentMessage {
	agent_id: string;
	message: {
		role: 'user';
		content: string;
		attachments: Array<{ file_name: string; file_url: string }>;
	};
	conversation_id?: string;
	/** The caller's id of a new conversation: the platform creates one conversation per id. */
	external_id?: string;
	/** "nothing": a trigger with a known `external_id` starts nothing and answers its conversation. */
	external_id_behaviour?: 'nothing';
}

/**
 * Starts a run. Never replayed: a second trigger would be a second run, so a failure that leaves
 * its fate open throws the may-have-run error (`mayHaveRun`).
 */
export async function triggerAgent(
	ctx: ServiceContext,
	body: AgentMessage,
	itemIndex: number,
): Promise<IDataObject> {
	return await apiRequest.call(ctx, '/agents/trigger', body as unknown as IDataObject, {
		action: 'start the agent run',
		requiresAdmin: false,
		itemIndex,
		safeToRepeat: false,
		whereToCheck: "the agent's conversations in the platform",
	});
}

/** `{conversation: {state, title, …}, insert_date, update_date, …}` of one task (conversation). */
export async function readTaskMetadata(
	ctx: ServiceContext,
	agentId: string,
	conversationId: string,
	itemIndex: number,
): Promise<IDataObject> {
	const answer = await getRequest.call(
		ctx,
		`/agents/${segment(agentId)}/tasks/${segment(conversationId)}/metadata`,
		'read the state of the agent run',
		itemIndex,
	);
	return (answer.metadata ?? {}) as IDataObject;
}

/** Messages the task view returns at most at once; a reply is among the newest. */
export const MESSAGE_PAGE = 100;

/** The task's newest messages, newest first (`results[].content.type`, `.text`). */
export async function readTaskMessages(
	ctx: ServiceContext,
	agentId: string,
	conversationId: string,
	itemIndex: number,
): Promise<IDataObject[]> {
	const answer = await apiRequest.call(
		ctx,
		`/agents/${segment(agentId)}/tasks/${segment(conversationId)}/view`,
		{ page_size: MESSAGE_PAGE },
		{ action: "read the agent's messages", requiresAdmin: false, itemIndex, safeToRepeat: true },
	);
	return resultsOf(answer);
}

/** One page of the project's agents (`POST /agents/list`, pages from 1). */
export async function listAgents(
	ctx: ServiceContext,
	page: number,
	pageSize: number,
	itemIndex = 0,
): Promise<IDataObject[]> {
	const answer = await apiRequest.call(
		ctx,
		'/agents/list',
		{ page, page_size: pageSize },
		{ action: 'list the agents', requiresAdmin: false, itemIndex, safeToRepeat: true },
	);
	return resultsOf(answer);
}
