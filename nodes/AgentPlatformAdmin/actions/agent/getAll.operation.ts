import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { collectPages } from '../../helpers/paging';
import { listAgents } from '../../transport/agents';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many agents',
		description: 'List the agents of the project named in the credential, with their IDs and names',
	},
	fields: [...returnAllAndLimit],
	async run(itemIndex) {
		return await collectPages(
			async (page, pageSize) => ({ rows: await listAgents(this, page, pageSize, itemIndex) }),
			limitOf(this, itemIndex),
		);
	},
});
