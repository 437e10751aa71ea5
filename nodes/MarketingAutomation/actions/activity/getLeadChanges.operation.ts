import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation } from '../../../shared/operation';
import { changesProperties, changesRun, type ChangesQuery } from '../lead/getChanges.operation';
import { versionOne } from '../versions';

/**
 * Lead → Get Changes under Activity, kept for version-1 nodes (saved workflows); from version 2
 * the operation is offered under Lead only.
 */
export const operation = defineOperation<ChangesQuery>({
	option: {
		name: 'Get Lead Changes',
		value: 'getLeadChanges',
		description: 'Get data value changes of leads since a date',
		action: 'Get lead changes',
	},
	until: 1,
	fields: updateDisplayOptions({ show: versionOne }, changesProperties()),
	...changesRun,
});
