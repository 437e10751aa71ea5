import type { IExecuteSingleFunctions, INodePropertyOptions, PreSendAction } from 'n8n-workflow';

import { operationFields, rolesField, userIdField } from '../../helpers/fields';
import { permissionsFor } from '../../helpers/roles';
import { requireId, requireRoles, USER_ID } from '../../helpers/validation';
import { adminRouting, userPath, withBody } from '../../transport';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'updateRole' satisfies AgentPlatformAdminMap['user'];

export const description = operationFields('user', operation, [
	userIdField(),
	rolesField(
		'Roles to give the user. By default they are merged into the roles the user already has; turn on Replace Existing Roles to make them the only ones.',
	),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Replace Existing Roles',
				name: 'overwrite',
				type: 'boolean',
				default: false,
				description:
					'Whether the chosen roles replace all of the user’s roles in the project (on) or are merged into them (off, the service’s default). Turn it on to take a role away, e.g. to go from Editor to Viewer.',
			},
		],
	},
]);

function readInput(ctx: IExecuteSingleFunctions) {
	const node = ctx.getNode();
	const itemIndex = ctx.getItemIndex();
	const { overwrite } = (ctx.getNodeParameter('options', {}) ?? {}) as { overwrite?: boolean };
	return {
		userId: requireId(node, itemIndex, ctx.getNodeParameter('userId', ''), USER_ID),
		roles: requireRoles(node, itemIndex, ctx.getNodeParameter('roles', [])),
		overwrite,
	};
}

const buildRequest: PreSendAction = async function (this, options) {
	const { userId, roles, overwrite } = readInput(this);
	options.url = userPath(userId, 'update');
	return withBody(options, {
		permissions: permissionsFor(roles),
		...(overwrite === undefined ? {} : { overwrite }),
	});
};

export const option: INodePropertyOptions = {
	name: 'Update Role',
	value: operation,
	action: 'Give a project user roles by user ID',
	description: 'Give a project member other roles. Needs an Admin key.',
	// The path is set by buildRequest from the checked user ID.
	routing: adminRouting({
		preSend: buildRequest,
		action: 'update the user’s roles',
		requiresAdmin: true,
		output() {
			const { userId, roles, overwrite } = readInput(this);
			return { updated: true, user_id: userId, roles, replaced_existing_roles: overwrite === true };
		},
	}),
};
