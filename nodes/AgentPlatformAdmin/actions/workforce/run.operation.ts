import type { IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { defineOperation } from '../../../shared/operation';
import { runKey } from '../../helpers/runKey';
import { runsInFlightOption, timeLimitOption, workforceLocator } from '../../helpers/runFields';
import { readRunOptions, runsInFlight } from '../../helpers/runInput';
import { startOnce } from '../../helpers/runMemory';
import {
	readIdParameter,
	requireId,
	requireText,
	WORKFORCE_ID,
	WORKFORCE_TASK_ID,
} from '../../helpers/validation';
import { getTaskHint, readWorkforceResult } from '../../helpers/workforceTask';
import { triggerWorkforce } from '../../transport/work';

interface RunInput {
	workforceId: string;
	content: string;
	taskId?: string;
	wait: boolean;
	timeLimit: number;
}

function readInput(this: IExecuteFunctions, itemIndex: number): RunInput {
	const node = this.getNode();
	const options = readRunOptions(this, itemIndex);
	const task = String(options.taskId ?? '').trim();
	return {
		workforceId: readIdParameter(this, 'workforceId', itemIndex, WORKFORCE_ID),
		content: requireText(
			node,
			itemIndex,
			this.getNodeParameter('message', itemIndex, ''),
			'Message',
		),
		...(task ? { taskId: requireId(node, itemIndex, task, WORKFORCE_TASK_ID) } : {}),
		wait: options.waitForResult !== false,
		timeLimit: options.timeLimit,
	};
}

/**
 * The trigger carries no run key, so a repeat of this item by n8n's Retry On Fail is recognised
 * by this process: it follows the task the first try started instead of starting a second one.
 */
async function startRun(ctx: IExecuteFunctions, input: RunInput, itemIndex: number) {
	const { started } = await startOnce(
		runKey(ctx, itemIndex),
		async () =>
			await triggerWorkforce(ctx, input.workforceId, input.content, input.taskId, itemIndex),
		(reason) =>
			new NodeApiError(ctx.getNode(), { message: 'sent before' } as JsonObject, {
				message: `The message of this item was sent to workforce ${input.workforceId} by an earlier try of the node (Retry On Fail), which got no answer: ${reason}. It was not sent again`,
				description: `A workforce message carries no run key the platform could recognise, so sending it again would start a second run. Look for the task among the workforce's tasks (Workforce → Get Many Tasks) and read it with Workforce → Get Task.`,
				itemIndex,
			}),
	);
	return String(started.workforce_task_id ?? input.taskId ?? '');
}

export const operation = defineOperation({
	option: {
		name: 'Run',
		value: 'run',
		action: 'Send a message to a workforce and wait for its result',
		description:
			'Hand a task to a workforce (a team of agents) of the platform: send it a message, start a task or continue one, and wait for the result of its last agent',
	},
	fields: [
		workforceLocator,
		{
			displayName: 'Message',
			name: 'message',
			type: 'string',
			required: true,
			default: '',
			typeOptions: { rows: 4 },
			placeholder: 'e.g. Review the accounts in the table and list the three largest',
			description: 'What to ask the workforce: the text of the user message its first agent gets',
		},
		optionsCollection([
			{
				displayName: 'Continue Task ID',
				name: 'taskId',
				type: 'string',
				default: '',
				description:
					'Task ID of an earlier run (workforce_task_id in its output) to send this message to. Empty starts a new task.',
			},
			runsInFlightOption,
			timeLimitOption("the workforce's result"),
			{
				displayName: 'Wait for Result',
				name: 'waitForResult',
				type: 'boolean',
				default: true,
				description:
					'Whether to wait until the workforce has finished (on) or to return at once with the task ID (off); read the result later with Workforce → Get Task',
			},
		]),
	],
	check: readInput,
	concurrency: runsInFlight,
	// One message at a time per task.
	inOrderBy: (input) => input.taskId,
	async run(itemIndex, input) {
		const taskId = await startRun(this, input, itemIndex);
		if (!input.wait) return { workforce_id: input.workforceId, workforce_task_id: taskId };
		const { reading } = await readWorkforceResult(
			this,
			input.workforceId,
			taskId,
			itemIndex,
			input.timeLimit,
		);
		if (!reading.finished) {
			throw new NodeApiError(this.getNode(), { message: 'time limit' } as JsonObject, {
				message: `The workforce is still running after ${input.timeLimit} s (task ${taskId}, state '${String(reading.state)}'); it was not started again`,
				description: `Read its result later with ${getTaskHint(input.workforceId, taskId)}, or raise Time Limit in the options. Running this item again would start a second run.`,
				itemIndex,
			});
		}
		return reading;
	},
});
