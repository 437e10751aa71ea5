import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { projectLocator, readProject } from '../../helpers/project';
import { listInvites } from '../../transport/directory';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many pending invites',
		description:
			'List the pending invites of a project (by default the credential’s), with their e-mail status. Needs an Admin key.',
	},
	fields: [projectLocator, ...returnAllAndLimit],
	check(itemIndex) {
		return readProject(this, itemIndex);
	},
	/** The platform answers every invite at once; Limit keeps the first ones. */
	async run(itemIndex, project) {
		const invites = await listInvites(this, itemIndex, project);
		return invites.slice(0, limitOf(this, itemIndex));
	},
});
