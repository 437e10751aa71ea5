import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { collectByToken } from '../../transport/paging';
import { readLimit, returnAllOrLimit } from '../common';

export const description = updateDisplayOptions(
	{ show: { resource: ['customField'], operation: ['getAll'] } },
	returnAllOrLimit() as INodeProperties[],
);

/** `GET /rest/v1/leads/schema/fields.json`, 300 per page by `nextPageToken`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await collectByToken(
		this,
		{ method: 'GET', path: '/rest/v1/leads/schema/fields.json', itemIndex },
		readLimit(this, itemIndex),
	);
}
