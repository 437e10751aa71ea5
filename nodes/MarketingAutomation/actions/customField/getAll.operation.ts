import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { collectByToken } from '../../transport/paging';
import type { MarketingAutomationMap } from '../node.type';
import type { BatchOutcome } from '../../../shared/router';
import { callsInFlight } from '../../transport';
import { readItems } from '../batches';

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

/** Reads of several items run concurrently (see `readItems`); outputs stay in input order. */
export async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	return await readItems(this, itemIndexes, await callsInFlight(this), execute);
}
