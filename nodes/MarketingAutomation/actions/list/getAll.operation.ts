import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readRequest } from '../../transport';
import { filtersCollection, limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { collectByToken } from '../../transport/paging';
import { nameFilters } from '../fields';
import { readNameFilters } from '../parameters';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	filtersCollection(nameFilters('list')),
];

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs = readNameFilters(filters);
	return await collectByToken(
		this,
		readRequest('/rest/v1/lists.json', { qs, itemIndex }),
		limitOf(this, itemIndex),
	);
}

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		description: 'Get many static lists',
		action: 'Get many lists',
	},
	fields: properties,
	runBatch: concurrentReads(execute),
});
