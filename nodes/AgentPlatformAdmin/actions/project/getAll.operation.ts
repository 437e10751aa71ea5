import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { collectPages } from '../../helpers/paging';
import { projectsPage } from '../../transport/directory';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many projects',
		description: 'List the projects the API key can see, with their organization',
	},
	fields: [...returnAllAndLimit],
	async run(itemIndex) {
		return await collectPages(
			async (page, pageSize) => await projectsPage(this, page, pageSize, itemIndex),
			limitOf(this, itemIndex),
		);
	},
});
