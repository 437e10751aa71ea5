import type {
	IExecuteSingleFunctions,
	INodeProperties,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';

import { requireId, showFor, USER_ID, userIdField } from '../../helpers';
import { adminRouting, userPath, withBody } from '../../transport';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'removeFromProject' satisfies AgentPlatformAdminMap['user'];

export const description: INodeProperties[] = [userIdField(showFor('user', operation))];

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
	action: 'Remove a user from the project',
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
