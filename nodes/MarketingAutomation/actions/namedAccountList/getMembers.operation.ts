import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readRequest } from '../../transport';
import { limitOf, optionsCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { defineOperation } from '../../../shared/operation';
import { itemParameter } from '../../../shared/itemParameters';
import { collectByToken } from '../../transport/paging';
import { concurrentReads } from '../batches';
import { splitValues } from '../parameters';
import { listIdField, readGuid } from './fields';

const properties: INodeProperties[] = [
	listIdField,
	...returnAllAndLimit,
	optionsCollection([
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'string',
			default: '',
			placeholder: 'e.g. name, domainName, industry',
			description:
				'Named account fields to return, comma-separated (Named Account → Describe lists them). Empty: ID, name and dates.',
		},
	]),
];

function check(this: IExecuteFunctions, itemIndex: number): string {
	return readGuid(this, 'namedAccountListId', itemIndex, 'named account list ID');
}

/** `GET /rest/v1/namedAccountList/{id}/namedAccounts.json`, 300 per page by `nextPageToken`. */
async function read(
	this: IExecuteFunctions,
	itemIndex: number,
	listId: string,
): Promise<IDataObject[]> {
	const options = itemParameter<IDataObject>(this, 'options', itemIndex, {});
	const fields = splitValues(options.fields);
	return await collectByToken(
		this,
		readRequest(`/rest/v1/namedAccountList/${encodeURIComponent(listId)}/namedAccounts.json`, {
			qs: fields.length > 0 ? { fields: fields.join(',') } : {},
			itemIndex,
		}),
		limitOf(this, itemIndex),
	);
}

export const operation = defineOperation({
	option: {
		name: 'Get Members',
		value: 'getMembers',
		description: 'Get the named accounts of a named account list',
		action: 'Get named account list members',
	},
	fields: properties,
	check,
	runBatch: concurrentReads(read),
});
