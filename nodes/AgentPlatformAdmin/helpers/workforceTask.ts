import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { echo } from '../../shared/echo';
import { pollUntil } from '../transport/polling';
import { readWorkforceMessages, readWorkforceTask } from '../transport/work';
import { replyOf } from './agentTask';

/**
 * A workforce task: its state (the platform's SDK lists them: running, completed,
 * execution-limit-reached, pending-approval, escalated, errored-pending-approval) and its result,
 * the last agent message after the newest user message.
 */
const WORKING_STATES = new Set(['running']);
const FAILED_STATES = new Set(['execution-limit-reached', 'errored-pending-approval']);
const WAITING_FOR_PERSON = new Set(['pending-approval', 'escalated']);

/** Where the result of a started workforce run is read later, named for the user. */
export function getTaskHint(workforceId: string, taskId: string): string {
	return `Workforce → Get Task (workforce ${workforceId}, task ${taskId})`;
}

/** A task's messages, oldest first, as `{type, text, at}` (the platform's records when raw). */
export function simplifyMessages(newestFirst: IDataObject[]): IDataObject[] {
	return [...newestFirst].reverse().map((record) => {
		const content = (record.content ?? {}) as IDataObject;
		const text = [content.text, content.message, content.error].find((v) => typeof v === 'string');
		return {
			type: String(content.type ?? ''),
			...(text === undefined ? {} : { text }),
			...(content.agent_name ? { agent: content.agent_name } : {}),
			at: record.insert_date_,
		};
	});
}

/**
 * Reads the task once, or (with `waitSeconds`) until it stops running or the time runs out, then
 * its result when it has stopped. A task that ended in a failed state throws.
 */
export async function readWorkforceResult(
	ctx: IExecuteFunctions,
	workforceId: string,
	taskId: string,
	itemIndex: number,
	waitSeconds = 0,
) {
	const { last, finished } = await pollUntil(
		async () => await readWorkforceTask(ctx, taskId, itemIndex),
		(metadata) => !WORKING_STATES.has(String(metadata.state ?? '')),
		waitSeconds * 1000,
	);
	const state = String(last.state ?? '');
	const reading = {
		workforce_id: workforceId,
		workforce_task_id: taskId,
		state,
		finished,
		...(typeof last.title === 'string' && last.title ? { title: last.title } : {}),
	};
	if (!finished) return { reading, messages: [] as IDataObject[] };
	const messages = await readWorkforceMessages(ctx, workforceId, taskId, itemIndex);
	const { reply, error } = replyOf(messages);
	if (FAILED_STATES.has(state)) {
		const said = error ? `: ${echo(error)}` : '';
		throw new NodeApiError(ctx.getNode(), { message: error ?? state } as JsonObject, {
			message: `The workforce task ended in state '${state}' without a result${said}`,
			description: `Task ${taskId} of workforce ${workforceId}. Open it in the platform to see what went wrong; fix the workforce or the message, then run the item again.`,
			itemIndex,
		});
	}
	return {
		reading: {
			...reading,
			result: reply ?? '',
			...(WAITING_FOR_PERSON.has(state)
				? {
						note: `The workforce waits for a person in the platform (state '${state}'): approve or answer it there, then read the result with ${getTaskHint(workforceId, taskId)}.`,
					}
				: {}),
		} as IDataObject,
		messages,
	};
}
