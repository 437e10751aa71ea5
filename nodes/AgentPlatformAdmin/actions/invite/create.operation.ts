import type { IExecuteSingleFunctions, INodePropertyOptions, PreSendAction } from 'n8n-workflow';

import { emailField, operationFields, rolesField } from '../../helpers/fields';
import { permissionsFor } from '../../helpers/roles';
import { requireEmail, requireRoles } from '../../helpers/validation';
import { adminRouting, isAutoAccepted, withBody } from '../../transport';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'create' satisfies AgentPlatformAdminMap['invite'];

export const description = operationFields('invite', operation, [
	emailField(
		'One e-mail address of the person to invite, e.g. name@example.com. Someone who already belongs to the organization is added to the project at once (the invite is auto-accepted).',
	),
	rolesField('Roles the invitee gets in the project named in the credential'),
]);

/** The item's checked e-mail and roles (wire form). */
function readInvite(ctx: IExecuteSingleFunctions) {
	const node = ctx.getNode();
	const itemIndex = ctx.getItemIndex();
	return {
		email: requireEmail(node, itemIndex, ctx.getNodeParameter('email', '')),
		roles: requireRoles(node, itemIndex, ctx.getNodeParameter('roles', [])),
	};
}

const buildBody: PreSendAction = async function (this, options) {
	const { email, roles } = readInvite(this);
	return withBody(options, { email, permissions: permissionsFor(roles) });
};

export const option: INodePropertyOptions = {
	name: 'Create',
	value: operation,
	action: 'Invite a person to the project by email with roles',
	description:
		'Invite someone to the project with one or more roles (Admin, Editor, Viewer). Someone already in the organization is added at once. Needs an Admin key.',
	routing: adminRouting({
		url: '/auth/invite/create',
		preSend: buildBody,
		action: 'create the invite',
		requiresAdmin: true,
		creates: "the project's pending invites",
		output(answer) {
			return { ...answer, ...readInvite(this), auto_accepted: isAutoAccepted(answer) };
		},
	}),
};
