import { emailField, rolesField } from '../../helpers/fields';
import { projectLocator, readProject } from '../../helpers/project';
import { requireEmail, requireRoles } from '../../helpers/validation';
import { isAutoAccepted } from '../../transport';
import { createInvite } from '../../transport/directory';
import { defineOperation } from '../../../shared/operation';

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
	check(itemIndex) {
		const node = this.getNode();
		return {
			project: readProject(this, itemIndex),
			email: requireEmail(node, itemIndex, this.getNodeParameter('email', itemIndex, '')),
			roles: requireRoles(node, itemIndex, this.getNodeParameter('roles', itemIndex, [])),
		};
	},
	async run(itemIndex, { project, email, roles }) {
		const answer = await createInvite(this, email, roles, 'create the invite', itemIndex, project);
		return { ...answer, email, roles, auto_accepted: isAutoAccepted(answer) };
	},
});
