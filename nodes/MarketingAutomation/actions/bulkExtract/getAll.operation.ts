import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { readRequest } from '../../transport';
import { filtersCollection, limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { exportBase, type ExportObject } from '../../helpers/exportJobs';
import { collectByToken } from '../../transport/paging';
import { exportObjectField } from '../bulkFields';
import { eachItem } from '../batches';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	exportObjectField,
	...returnAllAndLimit,
	filtersCollection([
		{
			displayName: 'Status',
			name: 'status',
			type: 'multiOptions',
			default: [],
			description: 'Only jobs in these states',
			options: [
				{ name: 'Cancelled', value: 'cancelled' },
				{ name: 'Completed', value: 'completed' },
				{ name: 'Created', value: 'created' },
				{ name: 'Failed', value: 'failed' },
				{ name: 'Processing', value: 'processing' },
				{ name: 'Queued', value: 'queued' },
			],
		},
	]),
];

/** The caller's export jobs of the past 7 days (the service shows no one else's). */
export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		description: 'Get the export jobs of the past 7 days that this API user created',
		action: 'Get many bulk extracts',
	},
	fields: properties,
	// The items are read one after another.
	async runBatch(items) {
		return await eachItem(this, items, async (itemIndex) => {
			const object = this.getNodeParameter('object', itemIndex) as ExportObject;
			const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
			const status = (filters.status as string[] | undefined) ?? [];
			const jobs = await collectByToken(
				this,
				readRequest(`${exportBase(object)}.json`, {
					qs: status.length ? { status: status.join(',') } : {},
					itemIndex,
				}),
				limitOf(this, itemIndex),
			);
			return jobs.map((json) => ({ json }));
		});
	},
});
