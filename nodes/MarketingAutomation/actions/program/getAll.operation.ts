import type { INodeProperties } from 'n8n-workflow';

import { filtersCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';
import { emailProgramsRun, readPrograms, updatedAtFilters } from './getEmailPrograms.operation';

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
	runBatch: concurrentReads(readPrograms()),
});
