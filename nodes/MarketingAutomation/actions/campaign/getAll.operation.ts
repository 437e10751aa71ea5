import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { readRequest } from '../../transport';
import { filtersCollection, limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { collectByToken } from '../../transport/paging';
import { nameFilters } from '../fields';
import { readNameFilters } from '../parameters';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	filtersCollection([
		...nameFilters('campaign'),
		{
			displayName: 'Only Triggerable',
			name: 'isTriggerable',
			type: 'boolean',
			default: false,
			description:
				'Whether to return only active campaigns that the API can trigger ("Campaign is Requested: Web Service API")',
		},
	]),
];

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		description: 'Get many campaigns',
		action: 'Get many campaigns',
	},
	fields: properties,
	runBatch: concurrentReads(async function (itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const qs = readNameFilters(filters);
		if (filters.isTriggerable === true) qs.isTriggerable = true;
		return await collectByToken(
			this,
			readRequest('/rest/v1/campaigns.json', { qs, itemIndex }),
			limitOf(this, itemIndex),
		);
	}),
});
