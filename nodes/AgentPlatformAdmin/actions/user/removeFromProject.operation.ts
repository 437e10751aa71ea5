import type { IExecuteSingleFunctions, INodePropertyOptions, PreSendAction } from 'n8n-workflow';

import { operationFields, userIdField } from '../../helpers/fields';
import { requireId, USER_ID } from '../../helpers/validation';
import { adminRouting, userPath, withBody } from '../../transport';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'removeFromProject' satisfies AgentPlatformAdminMap['user'];

export const description = operationFields('user', operation, [userIdField()]);

const readUserId = (ctx: IExecuteSingleFunctions) =>
	requireId(ctx.getNode(), ctx.getItemIndex(), ctx.getNodeParameter('userId', ''), USER_ID);

/** The service wants exactly `{}` as the body. */
const buildRequest: PreSendAction = async function (this, options) {
	options.url = userPath(readUserId(this), 'delete');
	return withBody(options, {});
};

export const option: INodePropertyOptions = {
	name: 'Remove From Project',
	value: operation,
	action: 'Remove a user from the project by user ID',
	description:
		'Remove a user from the project named in the credential (not from the organization). Needs an Admin key.',
	routing: adminRouting({
		preSend: buildRequest,
		action: 'remove the user from the project',
		requiresAdmin: true,
		output() {
			return { removed: true, user_id: readUserId(this) };
		},
	}),
};
