import { optionsCollection } from '../../../shared/descriptions';
import { rolesField, withPicker } from '../../helpers/fields';
import { memberIdField, projectLocator, readProject } from '../../helpers/project';
import { permissionsFor } from '../../helpers/roles';
import { readIdParameter, requireRoles, USER_ID } from '../../helpers/validation';
import { apiRequest, userPath } from '../../transport';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Update Role',
		value: 'updateRole',
		action: 'Give a project user roles by user ID',
		description:
			'Give a member of a project (by default the credential’s) other roles. Needs an Admin key.',
	},
	fields: [
		projectLocator,
		...withPicker(memberIdField, 'searchUsers'),
		rolesField(
			'Roles to give the user. By default they are merged into the roles the user already has; turn on Replace Existing Roles to make them the only ones.',
		),
		optionsCollection([
			{
				displayName: 'Replace Existing Roles',
				name: 'overwrite',
				type: 'boolean',
				default: false,
				description:
					'Whether the chosen roles replace all of the user’s roles in the project (on) or are merged into them (off, the service’s default). Turn it on to take a role away, e.g. to go from Editor to Viewer.',
			},
		]),
	],
	check(itemIndex) {
		const node = this.getNode();
		const { overwrite } = (this.getNodeParameter('options', itemIndex, {}) ?? {}) as {
			overwrite?: boolean;
		};
		return {
			project: readProject(this, itemIndex),
			userId: readIdParameter(this, 'userId', itemIndex, USER_ID),
			roles: requireRoles(node, itemIndex, this.getNodeParameter('roles', itemIndex, [])),
			overwrite,
		};
	},
	/**
	 * Sends the roles, with `overwrite` only when the option is set. Safe to repeat (the same roles
	 * set twice are the same roles), so it is retried after a failure that leaves its fate open.
	 */
	async run(itemIndex, { project, userId, roles, overwrite }) {
		await apiRequest.call(
			this,
			userPath(userId, 'update'),
			{ permissions: permissionsFor(roles), ...(overwrite === undefined ? {} : { overwrite }) },
			{
				action: 'update the user’s roles',
				requiresAdmin: true,
				itemIndex,
				safeToRepeat: true,
				project,
			},
		);
		return { updated: true, user_id: userId, roles, replaced_existing_roles: overwrite === true };
	},
});
