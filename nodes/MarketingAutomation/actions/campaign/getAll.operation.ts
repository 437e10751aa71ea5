import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { collectByToken } from '../../transport/paging';
import { nameFilters } from '../fields';
import { readNameFilters } from '../parameters';
import type { MarketingAutomationMap } from '../node.type';
import { concurrentReads } from '../batches';

export const operation = 'getAll' satisfies MarketingAutomationMap['campaign'];

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

export const description = updateDisplayOptions(
	{ show: { resource: ['campaign'], operation: [operation] } },
	properties,
);

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs = readNameFilters(filters);
	if (filters.isTriggerable === true) qs.isTriggerable = true;
	return await collectByToken(
		this,
		{ method: 'GET', safeToRepeat: true, path: '/rest/v1/campaigns.json', qs, itemIndex },
		limitOf(this, itemIndex),
	);
}

/** Several items' reads run concurrently (see `concurrentReads`). */
export const executeBatch = concurrentReads(execute);
