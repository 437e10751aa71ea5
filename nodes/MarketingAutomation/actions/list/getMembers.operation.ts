import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readRequest } from '../../transport';
import { limitOf, optionsCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { collectByToken } from '../../transport/paging';
import { leadFieldsOption, listLocator } from '../fields';
import { checkId } from '../parameters';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	listLocator,
	...returnAllAndLimit,
	optionsCollection([leadFieldsOption]),
];

/** `GET /rest/v1/lists/{listId}/leads.json`, 300 per page by `nextPageToken`. */
async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	listId: number,
): Promise<IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const fields = (options.fields as string[] | undefined) ?? [];
	const qs: IDataObject = {};
	if (fields.length > 0) qs.fields = fields.join(',');
	return await collectByToken(
		this,
		readRequest(`/rest/v1/lists/${listId}/leads.json`, { qs, itemIndex }),
		limitOf(this, itemIndex),
	);
}

export const operation = defineOperation({
	option: {
		name: 'Get Members',
		value: 'getMembers',
		description: 'Get the leads of a static list',
		action: 'Get list members',
	},
	fields: properties,
	check: checkId('list'),
	runBatch: concurrentReads(execute),
});
