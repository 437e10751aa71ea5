import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { emailField, rolesField } from '../../helpers/fields';
import { projectLocator, readProject } from '../../helpers/project';
import { permissionsFor } from '../../helpers/roles';
import { requireEmail, requireRoles } from '../../helpers/validation';
import { apiRequest, isAutoAccepted } from '../../transport';
import { defineOperation } from '../../../shared/operation';

/** The item's checked project, e-mail and roles (wire form). */
function readInput(this: IExecuteFunctions, itemIndex: number) {
	const node = this.getNode();
	return {
		project: readProject(this, itemIndex),
		email: requireEmail(node, itemIndex, this.getNodeParameter('email', itemIndex, '')),
		roles: requireRoles(node, itemIndex, this.getNodeParameter('roles', itemIndex, [])),
	};
}

/** Sends `{email, permissions}`; never replayed (a second call would send a second invite). */
async function run(
	this: IExecuteFunctions,
	itemIndex: number,
	{ project, email, roles }: ReturnType<typeof readInput>,
): Promise<IDataObject> {
	const answer = await apiRequest.call(
		this,
		'/auth/invite/create',
		{ email, permissions: permissionsFor(roles) },
		{
			action: 'create the invite',
			requiresAdmin: true,
			itemIndex,
			safeToRepeat: false,
			whereToCheck: "the project's pending invites",
			project,
		},
	);
	return { ...answer, email, roles, auto_accepted: isAutoAccepted(answer) };
}

export const operation = defineOperation({
	option: {
		name: 'Create',
		value: 'create',
		action: 'Invite a person to a project by email with roles',
		description:
			'Invite someone to a project (by default the credential’s) with one or more roles (Admin, Editor, Viewer). Someone already in the organization is added at once. Needs an Admin key.',
	},
	fields: [
		projectLocator,
		emailField(
			'One e-mail address of the person to invite, e.g. name@example.com. Someone who already belongs to the organization is added to the project at once (the invite is auto-accepted).',
		),
		rolesField('Roles the invitee gets in the project'),
	],
	check: readInput,
	run,
});
