import { simplifyField } from '../../../shared/descriptions';
import { defineOperation } from '../../../shared/operation';
import { requiredText } from '../../helpers/fields';
import { agentLocator } from '../../helpers/runFields';
import { AGENT_ID, CONVERSATION_ID, readIdParameter, requireId } from '../../helpers/validation';
import { simplifyMessages } from '../../helpers/workforceTask';
import { readTaskMessages } from '../../transport/agents';

export const operation = defineOperation({
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get the messages of a conversation',
		description: "Read a conversation's newest messages (up to 100), oldest first",
	},
	fields: [
		agentLocator,
		requiredText(
			'Conversation ID',
			'conversationId',
			'e.g. {{ $json.conversation_id }}',
			'The conversation_id of the conversation, as Agent → Run or Conversation → Get Many return it',
		),
		{
			...simplifyField,
			description:
				'Whether to return each message as its type, text and time (on) or as the platform sends it (off)',
		},
	],
	check(itemIndex) {
		return {
			agentId: readIdParameter(this, 'agentId', itemIndex, AGENT_ID),
			conversationId: requireId(
				this.getNode(),
				itemIndex,
				this.getNodeParameter('conversationId', itemIndex, ''),
				CONVERSATION_ID,
			),
			simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean,
		};
	},
	async run(itemIndex, { agentId, conversationId, simplify }) {
		const messages = await readTaskMessages(this, agentId, conversationId, itemIndex);
		return {
			agent_id: agentId,
			conversation_id: conversationId,
			messages: simplify ? simplifyMessages(messages) : [...messages].reverse(),
		};
	},
});
