import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailActivityProperties, readEmailActivities } from './emailActivity';
import { ACTIVITY } from './types';
import type { MarketingAutomationMap } from '../node.type';
import { concurrentReads } from '../batches';

export const operation = 'getEmailOpens' satisfies MarketingAutomationMap['activity'];

export const description = updateDisplayOptions(
	{ show: { resource: ['activity'], operation: [operation] } },
	emailActivityProperties([]),
);

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await readEmailActivities(this, itemIndex, [ACTIVITY.openEmail]);
}

/** Several items' reads run concurrently (see `concurrentReads`). */
export const executeBatch = concurrentReads(execute);
