import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readRequest } from '../../transport';
import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { defineOperation } from '../../../shared/operation';
import { inputError } from '../../../shared/inputError';
import { itemParameter } from '../../../shared/itemParameters';
import { collectByToken, LEAD_BATCH } from '../../transport/paging';
import { concurrentReads } from '../batches';
import { splitValues } from '../parameters';
import { readGuidList } from './fields';

const properties: INodeProperties[] = [
	{
		displayName: 'Filter By',
		name: 'filterBy',
		type: 'options',
		default: 'dedupeFields',
		options: [
			{ name: 'ID', value: 'idField', description: 'The lists’ marketoGUIDs' },
			{ name: 'Name', value: 'dedupeFields', description: 'The lists’ exact names' },
		],
		description: 'The service finds named account lists only by name or ID',
	},
	{
		displayName: 'Names',
		name: 'names',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Target accounts Q1, Partners',
		description: 'Exact list names, comma-separated (at most 300)',
		displayOptions: { show: { filterBy: ['dedupeFields'] } },
	},
	{
		displayName: 'Named Account List IDs',
		name: 'namedAccountListIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. dff23271-f996-47d7-984f-f2676861b5fb, dff23271-f996-47d7-984f-f2676861b5fc',
		description: 'The lists’ marketoGUIDs, comma-separated (at most 300)',
		displayOptions: { show: { filterBy: ['idField'] } },
	},
	...returnAllAndLimit,
];

interface Query {
	filterType: 'idField' | 'dedupeFields';
	values: string[];
}

function check(this: IExecuteFunctions, itemIndex: number): Query {
	const byId = itemParameter<string>(this, 'filterBy', itemIndex, 'dedupeFields') === 'idField';
	const values = byId
		? readGuidList(this, 'namedAccountListIds', itemIndex, 'Named Account List IDs')
		: splitValues(itemParameter<unknown>(this, 'names', itemIndex, ''));
	const parameter = byId ? 'namedAccountListIds' : 'names';
	if (values.length === 0 || values.length > LEAD_BATCH) {
		throw inputError(
			this.getNode(),
			itemIndex,
			{ parameter, missing: values.length === 0 },
			values.length === 0
				? `No list names given in item ${itemIndex}`
				: `Item ${itemIndex} gives ${values.length} values; the service takes at most ${LEAD_BATCH}`,
			values.length === 0
				? 'Give at least one exact list name, or several separated by commas.'
				: `Split the values over several items of at most ${LEAD_BATCH}.`,
		);
	}
	return { filterType: byId ? 'idField' : 'dedupeFields', values };
}

/** `GET /rest/v1/namedAccountLists.json?filterType=idField|dedupeFields&filterValues=…`, by token. */
async function read(
	this: IExecuteFunctions,
	itemIndex: number,
	{ filterType, values }: Query,
): Promise<IDataObject[]> {
	return await collectByToken(
		this,
		readRequest('/rest/v1/namedAccountLists.json', {
			qs: { filterType, filterValues: values.join(',') },
			itemIndex,
		}),
		limitOf(this, itemIndex),
	);
}

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		description: 'Get named account lists by name or ID',
		action: 'Get many named account lists',
	},
	fields: properties,
	check,
	runBatch: concurrentReads(read),
});
