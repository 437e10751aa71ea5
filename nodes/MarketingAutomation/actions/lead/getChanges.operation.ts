import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { limitOf, optionsCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { readRequest } from '../../transport';
import { collectActivities } from '../../transport/paging';
import { activityScopeOptions } from '../fields';
import { addActivityScope, readDateTime } from '../parameters';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

/** The parameters of Get Lead Changes; shown under Lead and Activity (one implementation). */
export function changesProperties(): INodeProperties[] {
	return [
		{
			displayName: 'Since',
			name: 'sinceDatetime',
			type: 'dateTime',
			default: '',
			required: true,
			description: 'Changes made at or after this date and time',
		},
		{
			displayName: 'Field Names or IDs',
			name: 'changeFields',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getLeadFields' },
			default: [],
			required: true,
			description:
				'Fields whose changes to return. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		...returnAllAndLimit,
		optionsCollection(activityScopeOptions),
	];
}

/**
 * `GET /rest/v1/activities/leadchanges.json` from a date-based paging token; pages follow while
 * `moreResult` is true (pages may be empty).
 */
export interface ChangesQuery {
	since: string;
	qs: IDataObject;
}

function check(this: IExecuteFunctions, itemIndex: number): ChangesQuery {
	const since = readDateTime(this, 'sinceDatetime', itemIndex, 'Since') as string;
	const fields = (this.getNodeParameter('changeFields', itemIndex, []) as string[]).filter(Boolean);
	if (fields.length === 0) {
		throw new NodeOperationError(this.getNode(), `No fields chosen in item ${itemIndex}`, {
			itemIndex,
			description: 'Choose at least one lead field whose changes you want.',
		});
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const qs: IDataObject = { fields: fields.join(',') };
	addActivityScope(this, options, qs, itemIndex);
	return { since, qs };
}

async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ since, qs }: ChangesQuery,
): Promise<IDataObject[]> {
	return await collectActivities(
		this,
		readRequest('/rest/v1/activities/leadchanges.json', { qs, itemIndex }),
		since,
		limitOf(this, itemIndex),
	);
}

/**
 * Every item is checked before the first call, then the reads run concurrently (see
 * `concurrentReads`); also offered under another resource.
 */
export const changesRun = { check, runBatch: concurrentReads(execute) };

export const operation = defineOperation({
	option: {
		name: 'Get Changes',
		value: 'getChanges',
		description: 'Get data value changes of leads since a date',
		action: 'Get lead changes',
	},
	fields: changesProperties(),
	...changesRun,
});
