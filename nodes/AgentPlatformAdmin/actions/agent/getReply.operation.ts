import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { readTask } from '../../helpers/agentTask';
import { operationFields } from '../../helpers/fields';
import { agentLocator, timeLimitOption } from '../../helpers/runFields';
import { readRunOptions, requireLocatorId } from '../../helpers/runInput';
import { AGENT_ID, CONVERSATION_ID, requireId } from '../../helpers/validation';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'getReply' satisfies AgentPlatformAdminMap['agent'];

export const description = operationFields('agent', operation, [
	agentLocator,
	{
		displayName: 'Conversation ID',
		name: 'conversationId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.conversation_id }}',
		description: 'The conversation_id that Agent → Run returned',
	},
	optionsCollection([
		timeLimitOption('the agent to finish (with Wait Until Finished)'),
		{
			displayName: 'Wait Until Finished',
			name: 'waitForReply',
			type: 'boolean',
			default: false,
			description:
				'Whether to wait while the agent is still working, up to the time limit (on), or to answer at once with its state (off)',
		},
	]),
]);

export const option: INodePropertyOptions = {
	name: 'Get Reply',
	value: operation,
	action: 'Get the reply of an agent conversation',
	description:
		'Read the state and the final reply of a conversation that Agent → Run started; "finished" is false while the agent is still working',
};

function readInput(this: IExecuteFunctions, itemIndex: number) {
	const options = readRunOptions(this, itemIndex);
	return {
		agentId: requireLocatorId(this, 'agentId', itemIndex, AGENT_ID),
		conversationId: requireId(
			this.getNode(),
			itemIndex,
			this.getNodeParameter('conversationId', itemIndex, ''),
			CONVERSATION_ID,
		),
		wait: options.waitForReply === true ? options.timeLimit : undefined,
	};
}

export function validate(this: IExecuteFunctions, itemIndex: number): void {
	readInput.call(this, itemIndex);
}

/** Reads only (safe to repeat): the task's state, and its reply once it has finished. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { agentId, conversationId, wait } = readInput.call(this, itemIndex);
	const reading = await readTask(this, agentId, conversationId, itemIndex, wait);
	return reading.finished ? reading : { ...reading, reply: null };
}
