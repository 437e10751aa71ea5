import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { defineOperation } from '../../../shared/operation';
import { collectPages } from '../../helpers/paging';
import { listWorkforces } from '../../transport/work';

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many workforces',
		description:
			'List the workforces of the project named in the credential, with their IDs and names',
	},
	fields: [...returnAllAndLimit],
	async run(itemIndex) {
		return await collectPages(
			async (page, pageSize) => ({ rows: await listWorkforces(this, page, pageSize, itemIndex) }),
			limitOf(this, itemIndex),
		);
	},
});
