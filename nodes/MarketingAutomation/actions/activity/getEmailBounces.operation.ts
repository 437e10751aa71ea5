import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailActivityProperties, readEmailActivities } from './emailActivity';
import { ACTIVITY } from './types';
import type { MarketingAutomationMap } from '../node.type';
import { concurrentReads } from '../batches';

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

/** Several items' reads run concurrently (see `concurrentReads`). */
export const executeBatch = concurrentReads(execute);
