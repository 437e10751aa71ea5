import type { INodeProperties, INodePropertyOptions, PreSendAction } from 'n8n-workflow';

import { INVITE_CODE, inviteCodeField, requireId, showFor } from '../../helpers';
import { adminRouting, withBody } from '../../transport';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'delete' satisfies AgentPlatformAdminMap['invite'];

export const description: INodeProperties[] = [
	inviteCodeField(
		showFor('invite', operation),
		'Code of the invite to delete, as returned by Invite → Create',
	),
];

const buildBody: PreSendAction = async function (this, options) {
	const code = requireId(
		this.getNode(),
		this.getItemIndex(),
		this.getNodeParameter('inviteCode', ''),
		INVITE_CODE,
	);
	return withBody(options, { invite_code: code });
};

export const option: INodePropertyOptions = {
	name: 'Delete',
	value: operation,
	action: 'Delete an invite',
	description: 'Delete a pending invite by its code. Needs an Admin key.',
	routing: adminRouting({
		url: '/auth/invite/delete',
		preSend: buildBody,
		action: 'delete the invite',
		requiresAdmin: true,
		output: () => ({ deleted: true }),
	}),
};
