import { simplifyField } from '../../../shared/descriptions';
import { defineOperation } from '../../../shared/operation';
import { requiredText } from '../../helpers/fields';
import { workforceLocator } from '../../helpers/runFields';
import {
	readIdParameter,
	requireId,
	WORKFORCE_ID,
	WORKFORCE_TASK_ID,
} from '../../helpers/validation';
import { readWorkforceResult, simplifyMessages } from '../../helpers/workforceTask';

export const operation = defineOperation({
	option: {
		name: 'Get Task',
		value: 'getTask',
		action: 'Get a workforce task with its messages',
		description:
			'Read the state of a workforce task, its result once it has finished, and its messages',
	},
	fields: [
		workforceLocator,
		requiredText(
			'Task ID',
			'taskId',
			'e.g. {{ $json.workforce_task_id }}',
			'The workforce_task_id that Workforce → Run returned',
		),
		{
			...simplifyField,
			description:
				'Whether to return each message as its type, text and time (on) or as the platform sends it (off)',
		},
	],
	check(itemIndex) {
		return {
			workforceId: readIdParameter(this, 'workforceId', itemIndex, WORKFORCE_ID),
			taskId: requireId(
				this.getNode(),
				itemIndex,
				this.getNodeParameter('taskId', itemIndex, ''),
				WORKFORCE_TASK_ID,
			),
			simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean,
		};
	},
	/** Reads only: the task's state, and its result and messages once it has finished. */
	async run(itemIndex, { workforceId, taskId, simplify }) {
		const { reading, messages } = await readWorkforceResult(this, workforceId, taskId, itemIndex);
		return {
			...reading,
			...(reading.finished ? {} : { result: null }),
			messages: simplify ? simplifyMessages(messages) : messages,
		};
	},
});
