import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { defineOperation } from '../../../shared/operation';
import { collectPages } from '../../helpers/paging';
import { listKnowledgeSets } from '../../transport/work';

export const operation = defineOperation({
	option: {
		name: 'Get Many Tables',
		value: 'getTables',
		action: 'Get many knowledge tables',
		description: 'List the knowledge tables of the project named in the credential',
	},
	fields: [...returnAllAndLimit],
	async run(itemIndex) {
		return await collectPages(
			async (page, pageSize) => ({
				rows: await listKnowledgeSets(this, page, pageSize, itemIndex),
			}),
			limitOf(this, itemIndex),
		);
	},
});
