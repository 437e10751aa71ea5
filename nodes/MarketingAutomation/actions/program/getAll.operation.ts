import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { filtersCollection, limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { collectByOffset } from '../../transport/paging';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';
import { emailProgramsRun, updatedAtFilters } from './getEmailPrograms.operation';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	filtersCollection([
		...updatedAtFilters,
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			default: 'on',
			options: [
				{ name: 'On (Engagement Programs)', value: 'on' },
				{ name: 'Off (Engagement Programs)', value: 'off' },
				{ name: 'Unlocked (Email Programs)', value: 'unlocked' },
			],
			description: 'Only programs in this status',
		},
	]),
];

/**
 * `GET /rest/asset/v1/programs.json` by offset, 200 a page (the service's maximum), until a short
 * page, the "no assets" warning or the limit: no call more than the records need.
 */
async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	qs: IDataObject,
): Promise<IDataObject[]> {
	return await collectByOffset(
		this,
		{ method: 'GET', safeToRepeat: true, path: '/rest/asset/v1/programs.json', qs, itemIndex },
		limitOf(this, itemIndex),
	);
}

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		description: 'Get many programs, filtered by status or update time',
		action: 'Get many programs',
	},
	since: 2,
	fields: properties,
	// The same filters as Get Many Email Programs, read the same way.
	check: emailProgramsRun.check,
	runBatch: concurrentReads(execute),
});
