import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { collectByToken } from '../../transport/paging';
import type { MarketingAutomationMap } from '../node.type';
import { concurrentReads } from '../batches';

export const operation = 'getAll' satisfies MarketingAutomationMap['customField'];

export const description = updateDisplayOptions(
	{ show: { resource: ['customField'], operation: [operation] } },
	returnAllAndLimit,
);

/** `GET /rest/v1/leads/schema/fields.json`, 300 per page by `nextPageToken`. */
async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await collectByToken(
		this,
		{ method: 'GET', safeToRepeat: true, path: '/rest/v1/leads/schema/fields.json', itemIndex },
		limitOf(this, itemIndex),
	);
}

/** Several items' reads run concurrently (see `concurrentReads`). */
export const executeBatch = concurrentReads(execute);
