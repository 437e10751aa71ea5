import { withPicker } from '../../helpers/fields';
import { memberIdField, projectLocator, readProject } from '../../helpers/project';
import { readIdParameter, USER_ID } from '../../helpers/validation';
import { removeUser } from '../../transport';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Remove From Project',
		value: 'removeFromProject',
		action: 'Remove a user from a project by user ID',
		description:
			'Remove a user from a project, by default the credential’s (not from the organization). Needs an Admin key.',
	},
	fields: [projectLocator, ...withPicker(memberIdField, 'searchUsers')],
	check(itemIndex) {
		return {
			project: readProject(this, itemIndex),
			userId: readIdParameter(this, 'userId', itemIndex, USER_ID),
		};
	},
	async run(itemIndex, { project, userId }) {
		const { removedByEarlierAttempt } = await removeUser.call(this, userId, itemIndex, project);
		if (!removedByEarlierAttempt) return { removed: true, user_id: userId };
		return {
			removed: true,
			user_id: userId,
			removed_by_earlier_attempt: true,
			note: `An earlier attempt got no clear answer; asked again, the service no longer knew ${userId} as a member of the project: the user is removed, most likely by that attempt.`,
		};
	},
});
