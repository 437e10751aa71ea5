import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readRequest } from '../../transport';
import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { collectByToken } from '../../transport/paging';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

/** `GET /rest/v1/leads/schema/fields.json`, 300 per page by `nextPageToken`. */
async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await collectByToken(
		this,
		readRequest('/rest/v1/leads/schema/fields.json', { itemIndex }),
		limitOf(this, itemIndex),
	);
}

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		description: 'Get many lead database fields',
		action: 'Get many custom fields',
	},
	fields: returnAllAndLimit,
	runBatch: concurrentReads(execute),
});
