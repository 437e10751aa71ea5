import type { IDataObject } from 'n8n-workflow';

import { filtersCollection, limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { collectPages } from '../../helpers/paging';
import { projectLocator, readProject } from '../../helpers/project';
import { requireEmail } from '../../helpers/validation';
import { listUsers } from '../../transport/directory';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many users of a project',
		description: 'List the users of a project (by default the credential’s) and their roles',
	},
	fields: [
		projectLocator,
		...returnAllAndLimit,
		filtersCollection([
			{
				displayName: 'Email',
				name: 'email',
				type: 'string',
				default: '',
				placeholder: 'e.g. nathan@example.com',
				description: 'Only the user with this e-mail address',
			},
		]),
	],
	check(itemIndex) {
		const { email } = (this.getNodeParameter('filters', itemIndex, {}) ?? {}) as IDataObject;
		return {
			project: readProject(this, itemIndex),
			email:
				email === undefined || email === ''
					? undefined
					: requireEmail(this.getNode(), itemIndex, email),
		};
	},
	async run(itemIndex, { project, email }) {
		// An e-mail address names one user of the project: its page is the whole answer.
		const limit = limitOf(this, itemIndex);
		return await collectPages(
			async (page, pageSize) => ({
				rows: await listUsers(this, page, pageSize, email, itemIndex, project),
			}),
			email === undefined ? limit : Math.min(limit, 1),
		);
	},
});
