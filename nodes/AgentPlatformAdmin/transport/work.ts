import type { IDataObject } from 'n8n-workflow';

import { apiRequest, getRequest, resultsOf, segment, type ServiceContext } from './index';

/**
 * The platform's workforces, knowledge tables and conversation listing (all in its schema or its
 * own SDK, not in its documentation). `test/contracts/agentPlatformWork.ts` pins each call.
 * One concern: the calls of the endpoints that only the platform's schema and SDK describe, kept
 * together so their assumptions sit beside the contract entry that names them.
 */

const read = (action: string, itemIndex: number) => ({
	action,
	requiresAdmin: false,
	itemIndex,
	safeToRepeat: true,
});

/** One filter of the platform's listings: a field equal to one of the values, or present. */
export interface ListFilter {
	field: string;
	filter_type: 'exact_match' | 'exists';
	condition: string;
	condition_value: unknown;
}

/**
 * Sends a message to a workforce: a new task, or the next message of `taskId`. Never replayed:
 * a second call would be a second run.
 */
export async function triggerWorkforce(
	ctx: ServiceContext,
	workforceId: string,
	content: string,
	taskId: string | undefined,
	itemIndex: number,
): Promise<IDataObject> {
	return await apiRequest.call(
		ctx,
		'/workforce/trigger',
		{
			workforce_id: workforceId,
			...(taskId ? { workforce_task_id: taskId } : {}),
			trigger: { message: { role: 'user', content, attachments: [] } },
		},
		{
			action: 'start the workforce run',
			requiresAdmin: false,
			itemIndex,
			safeToRepeat: false,
			whereToCheck: "the workforce's tasks in the platform",
		},
	);
}

/** `{insert_date, update_date, title, state, requested_state}` of one workforce task. */
export async function readWorkforceTask(
	ctx: ServiceContext,
	taskId: string,
	itemIndex: number,
): Promise<IDataObject> {
	const answer = await getRequest.call(
		ctx,
		`/workforce/tasks/${segment(taskId)}/metadata`,
		'read the state of the workforce task',
		itemIndex,
	);
	return (answer.metadata ?? {}) as IDataObject;
}

/** Messages a task answers with at once (the platform's SDK asks for this many). */
export const TASK_MESSAGE_PAGE = 1000;

/** The task's messages, newest first (`content.type`, `.text`). */
export async function readWorkforceMessages(
	ctx: ServiceContext,
	workforceId: string,
	taskId: string,
	itemIndex: number,
): Promise<IDataObject[]> {
	const answer = await apiRequest.call(
		ctx,
		`/workforce/items/${segment(workforceId)}/tasks/${segment(taskId)}/messages`,
		{ page_size: TASK_MESSAGE_PAGE },
		read("read the workforce task's messages", itemIndex),
	);
	return resultsOf(answer);
}

/** One page of a workforce's tasks, newest first, and the cursor of the next page. */
export async function workforceTasksPage(
	ctx: ServiceContext,
	workforceId: string,
	pageSize: number,
	cursor: string | undefined,
	query: string | undefined,
	itemIndex: number,
): Promise<{ rows: IDataObject[]; next?: string }> {
	const answer = await apiRequest.call(
		ctx,
		'/workforce/tasks/list',
		{
			workforce_id: workforceId,
			page_size: pageSize,
			...(query ? { query } : {}),
			...(cursor ? { cursor } : {}),
		},
		read("list the workforce's tasks", itemIndex),
	);
	const next = answer.next_cursor;
	return {
		rows: resultsOf(answer),
		...(typeof next === 'string' && next ? { next } : {}),
	};
}

/** One page of the project's workforces (`POST /mas/list`, pages from 1). */
export async function listWorkforces(
	ctx: ServiceContext,
	page: number,
	pageSize: number,
	itemIndex = 0,
): Promise<IDataObject[]> {
	const answer = await apiRequest.call(
		ctx,
		'/mas/list',
		{ page, page_size: pageSize },
		read('list the workforces', itemIndex),
	);
	return resultsOf(answer).map((record) => {
		const data = (record.data ?? {}) as IDataObject;
		return {
			workforce_id: record.document_id,
			name: data.name ?? '',
			description: data.description ?? '',
		};
	});
}

/** One page of the project's knowledge tables (`POST /knowledge/sets/list`). */
export async function listKnowledgeSets(
	ctx: ServiceContext,
	page: number,
	pageSize: number,
	itemIndex = 0,
): Promise<IDataObject[]> {
	const answer = await apiRequest.call(
		ctx,
		'/knowledge/sets/list',
		{ page, page_size: pageSize },
		read('list the knowledge tables', itemIndex),
	);
	return resultsOf(answer);
}

/** Adds rows to a table (created by its first row). Not replayed: a repeat would add them twice. */
export async function addKnowledgeRows(
	ctx: ServiceContext,
	knowledgeSet: string,
	rows: IDataObject[],
	itemIndex: number,
): Promise<void> {
	await apiRequest.call(
		ctx,
		'/knowledge/add',
		{ knowledge_set: knowledgeSet, data: rows.map((value) => ({ type: 'document', value })) },
		{
			action: 'add the rows to the knowledge table',
			requiresAdmin: false,
			itemIndex,
			safeToRepeat: false,
			whereToCheck: 'the knowledge table in the platform',
		},
	);
}

/** One page of a table's rows (`{document_id, data, …}`), optionally filtered. */
export async function listKnowledgeRows(
	ctx: ServiceContext,
	knowledgeSet: string,
	filters: ListFilter[],
	page: number,
	pageSize: number,
	itemIndex: number,
): Promise<IDataObject[]> {
	const answer = await apiRequest.call(
		ctx,
		'/knowledge/list',
		{
			knowledge_set: knowledgeSet,
			page,
			page_size: pageSize,
			...(filters.length ? { filters: filters as unknown as IDataObject[] } : {}),
		},
		read('list the rows of the knowledge table', itemIndex),
	);
	return resultsOf(answer);
}

/** Sets fields of rows by their IDs: safe to repeat (the same values again). */
export async function updateKnowledgeRows(
	ctx: ServiceContext,
	knowledgeSet: string,
	updates: Array<{ document_id: string; data: IDataObject }>,
	itemIndex: number,
): Promise<void> {
	await apiRequest.call(
		ctx,
		'/knowledge/bulk_update',
		{ knowledge_set: knowledgeSet, updates: updates as unknown as IDataObject[] },
		{
			action: 'update the rows of the knowledge table',
			requiresAdmin: false,
			itemIndex,
			safeToRepeat: true,
		},
	);
}

/** Deletes the rows that match `filters` (every row without). Safe to repeat. */
export async function deleteKnowledgeRows(
	ctx: ServiceContext,
	knowledgeSet: string,
	filters: ListFilter[],
	itemIndex: number,
): Promise<void> {
	await apiRequest.call(
		ctx,
		'/knowledge/delete',
		{
			knowledge_set: knowledgeSet,
			...(filters.length ? { filters: filters as unknown as IDataObject[] } : {}),
		},
		{
			action: 'delete the rows of the knowledge table',
			requiresAdmin: false,
			itemIndex,
			safeToRepeat: true,
		},
	);
}

/** One page of the project's conversations, newest first, by agent and states. */
export async function listConversations(
	ctx: ServiceContext,
	agentId: string,
	states: string[],
	page: number,
	pageSize: number,
	itemIndex: number,
): Promise<IDataObject[]> {
	const filters: ListFilter[] = [
		{
			field: 'conversation.agent_id',
			filter_type: 'exact_match',
			condition: '==',
			condition_value: agentId,
		},
		...(states.length
			? [
					{
						field: 'conversation.state',
						filter_type: 'exact_match' as const,
						condition: '==',
						condition_value: states,
					},
				]
			: []),
	];
	const answer = await getRequest.call(
		ctx,
		'/agents/conversations/list',
		'list the conversations',
		itemIndex,
		{
			filters: JSON.stringify(filters),
			sort: JSON.stringify([{ update_date: 'desc' }]),
			page,
			page_size: pageSize,
		},
	);
	return resultsOf(answer).map((record) => (record.metadata ?? {}) as IDataObject);
}

/** Conversations deleted at most in one call. */
export const MAX_CONVERSATIONS_PER_DELETE = 500;

/** Deletes conversations of an agent: one by its path, several (≤ 500) in one call. */
export async function deleteConversations(
	ctx: ServiceContext,
	agentId: string,
	conversationIds: string[],
	itemIndex: number,
): Promise<void> {
	const one = conversationIds.length === 1;
	await apiRequest.call(
		ctx,
		one
			? `/agents/${segment(agentId)}/conversations/${segment(conversationIds[0])}`
			: `/agents/${segment(agentId)}/conversations`,
		one ? {} : { conversation_ids: conversationIds },
		{
			action: one ? 'delete the conversation' : 'delete the conversations',
			requiresAdmin: false,
			itemIndex,
			safeToRepeat: true,
			method: 'DELETE',
		},
	);
}
