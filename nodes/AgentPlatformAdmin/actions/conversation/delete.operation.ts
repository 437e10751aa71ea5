import { listOf } from '../../../shared/descriptions';
import { inputError } from '../../../shared/inputError';
import { defineOperation } from '../../../shared/operation';
import { requiredText } from '../../helpers/fields';
import { agentLocator } from '../../helpers/runFields';
import { AGENT_ID, CONVERSATION_ID, readIdParameter, requireId } from '../../helpers/validation';
import { deleteConversations, MAX_CONVERSATIONS_PER_DELETE } from '../../transport/work';

export const operation = defineOperation({
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete conversations of an agent',
		description: `Delete one conversation of an agent, or up to ${MAX_CONVERSATIONS_PER_DELETE} at once`,
	},
	fields: [
		agentLocator,
		requiredText(
			'Conversation IDs',
			'conversationIds',
			'e.g. {{ $json.conversation_ids }}',
			`The conversation_id to delete, or several separated by commas (at most ${MAX_CONVERSATIONS_PER_DELETE})`,
		),
	],
	check(itemIndex) {
		const node = this.getNode();
		const ids = [...new Set(listOf(this.getNodeParameter('conversationIds', itemIndex, '')))];
		if (ids.length === 0 || ids.length > MAX_CONVERSATIONS_PER_DELETE) {
			throw inputError(
				node,
				itemIndex,
				{ parameter: 'conversationIds', missing: ids.length === 0 },
				ids.length === 0
					? `Item ${itemIndex} names no conversation to delete`
					: `Item ${itemIndex} names ${ids.length} conversations; the platform deletes at most ${MAX_CONVERSATIONS_PER_DELETE} at once`,
				`Give one to ${MAX_CONVERSATIONS_PER_DELETE} conversation IDs, separated by commas; split a longer list over several items.`,
			);
		}
		return {
			agentId: readIdParameter(this, 'agentId', itemIndex, AGENT_ID),
			conversationIds: ids.map((id) => requireId(node, itemIndex, id, CONVERSATION_ID)),
		};
	},
	async run(itemIndex, { agentId, conversationIds }) {
		await deleteConversations(this, agentId, conversationIds, itemIndex);
		return { agent_id: agentId, deleted: conversationIds };
	},
});
