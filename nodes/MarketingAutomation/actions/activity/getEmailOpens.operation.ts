import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailActivityProperties, readEmailActivities } from './emailActivity';
import { ACTIVITY } from './types';
import type { MarketingAutomationMap } from '../node.type';
import type { BatchOutcome } from '../../../shared/router';
import { callsInFlight } from '../../transport';
import { readItems } from '../batches';

export const operation = 'getEmailOpens' satisfies MarketingAutomationMap['activity'];

export const description = updateDisplayOptions(
	{ show: { resource: ['activity'], operation: [operation] } },
	emailActivityProperties([]),
);

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await readEmailActivities(this, itemIndex, [ACTIVITY.openEmail]);
}

/** Reads of several items run concurrently (see `readItems`); outputs stay in input order. */
export async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	return await readItems(this, itemIndexes, await callsInFlight(this), execute);
}
