import { optionsCollection } from '../../../shared/descriptions';
import { readTask } from '../../helpers/agentTask';
import { requiredText } from '../../helpers/fields';
import { agentLocator, timeLimitOption } from '../../helpers/runFields';
import { readRunOptions } from '../../helpers/runInput';
import { AGENT_ID, CONVERSATION_ID, readIdParameter, requireId } from '../../helpers/validation';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Get Reply',
		value: 'getReply',
		action: 'Get the reply of an agent conversation',
		description:
			'Read the state and the final reply of a conversation that Agent → Run started; "finished" is false while the agent is still working',
	},
	fields: [
		agentLocator,
		requiredText(
			'Conversation ID',
			'conversationId',
			'e.g. {{ $json.conversation_id }}',
			'The conversation_id that Agent → Run returned',
		),
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
	],
	check(itemIndex) {
		const options = readRunOptions(this, itemIndex);
		return {
			agentId: readIdParameter(this, 'agentId', itemIndex, AGENT_ID),
			conversationId: requireId(
				this.getNode(),
				itemIndex,
				this.getNodeParameter('conversationId', itemIndex, ''),
				CONVERSATION_ID,
			),
			wait: options.waitForReply === true ? options.timeLimit : undefined,
		};
	},
	/** Reads only (safe to repeat): the task's state, and its reply once it has finished. */
	async run(itemIndex, { agentId, conversationId, wait }) {
		const reading = await readTask(this, agentId, conversationId, itemIndex, wait);
		return reading.finished ? reading : { ...reading, reply: null };
	},
});
