import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailActivityProperties, readEmailActivities } from './emailActivity';
import { ACTIVITY } from './types';
import type { MarketingAutomationMap } from '../node.type';
import type { BatchOutcome } from '../../../shared/router';
import { callsInFlight } from '../../transport';
import { readItems } from '../batches';

export const operation = 'getEmailBounces' satisfies MarketingAutomationMap['activity'];

export const description = updateDisplayOptions(
	{ show: { resource: ['activity'], operation: [operation] } },
	emailActivityProperties([
		{
			displayName: 'Include Soft Bounces',
			name: 'includeSoftBounces',
			type: 'boolean',
			default: false,
			description: 'Whether to include soft bounces (activity type 27) besides hard bounces (8)',
		},
	]),
);

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const types: number[] = [ACTIVITY.emailBounced];
	if (options.includeSoftBounces === true) types.push(ACTIVITY.emailBouncedSoft);
	return await readEmailActivities(this, itemIndex, types);
}

/** Reads of several items run concurrently (see `readItems`); outputs stay in input order. */
export async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	return await readItems(this, itemIndexes, await callsInFlight(this), execute);
}
