import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { collectPages } from '../../helpers/paging';
import { projectsPage } from '../../transport/directory';
import { defineOperation } from '../../../shared/operation';

async function run(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await collectPages(
		async (page, pageSize) => await projectsPage(this, page, pageSize, itemIndex),
		limitOf(this, itemIndex),
	);
}

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many projects',
		description: 'List the projects the API key can see, with their organization',
	},
	fields: [...returnAllAndLimit],
	run,
});
