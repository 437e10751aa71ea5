import type { IDataObject } from 'n8n-workflow';

import { limitOf, returnAllAndLimit, simplifyField } from '../../../shared/descriptions';
import { defineOperation } from '../../../shared/operation';
import { collectPages } from '../../helpers/paging';
import { agentLocator } from '../../helpers/runFields';
import { AGENT_ID, readIdParameter } from '../../helpers/validation';
import { listConversations } from '../../transport/work';

/** The platform's conversation states (its SDK's agent task states). */
const STATES = [
	'cancelled',
	'errored-pending-approval',
	'escalated',
	'idle',
	'paused',
	'pending-approval',
	'queued-for-approval',
	'queued-for-rerun',
	'running',
	'starting-up',
	'timed-out',
	'unrecoverable',
	'waiting-for-capacity',
];

/** A conversation as its ID, agent, state, title and dates. */
function simplifyConversation(metadata: IDataObject): IDataObject {
	const conversation = (metadata.conversation ?? {}) as IDataObject;
	return {
		conversation_id: metadata.knowledge_set,
		agent_id: conversation.agent_id,
		state: conversation.state,
		title: conversation.title,
		insert_date: metadata.insert_date,
		update_date: metadata.update_date,
	};
}

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many conversations of an agent',
		description: 'List the conversations of an agent, newest first, optionally only in some states',
	},
	fields: [
		agentLocator,
		...returnAllAndLimit,
		{
			displayName: 'States',
			name: 'states',
			type: 'multiOptions',
			options: STATES.map((state) => ({ name: state, value: state })),
			default: [],
			description: 'Only conversations in one of these states; none: every state',
		},
		{
			...simplifyField,
			description:
				'Whether to return each conversation as its ID, agent, state, title and dates (on) or as the platform sends it (off)',
		},
	],
	check(itemIndex) {
		return {
			agentId: readIdParameter(this, 'agentId', itemIndex, AGENT_ID),
			states: this.getNodeParameter('states', itemIndex, []) as string[],
			simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean,
			limit: limitOf(this, itemIndex),
		};
	},
	async run(itemIndex, { agentId, states, simplify, limit }) {
		const records = await collectPages(
			async (page, pageSize) => ({
				rows: await listConversations(this, agentId, states, page, pageSize, itemIndex),
			}),
			limit,
		);
		return simplify ? records.map(simplifyConversation) : records;
	},
});
