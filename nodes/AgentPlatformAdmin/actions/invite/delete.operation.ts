import type { INodePropertyOptions, PreSendAction } from 'n8n-workflow';

import { inviteCodeField, operationFields } from '../../helpers/fields';
import { INVITE_CODE, requireId } from '../../helpers/validation';
import { adminRouting, withBody } from '../../transport';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'delete' satisfies AgentPlatformAdminMap['invite'];

export const description = operationFields('invite', operation, [
	inviteCodeField(
		'Code of the invite to delete, exactly as returned by Invite → Create (invite_code): one token without spaces or / ? # %',
	),
]);

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
	action: 'Delete a pending invite by its invite code',
	description: 'Delete a pending invite by its code. Needs an Admin key.',
	routing: adminRouting({
		url: '/auth/invite/delete',
		preSend: buildBody,
		action: 'delete the invite',
		requiresAdmin: true,
		output: () => ({ deleted: true }),
	}),
};
