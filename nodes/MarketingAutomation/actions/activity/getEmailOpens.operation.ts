import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailActivityProperties, readEmailActivities } from './emailActivity';
import { ACTIVITY } from './types';
import type { MarketingAutomationMap } from '../node.type';

export const operation = 'getEmailOpens' satisfies MarketingAutomationMap['activity'];

export const description = updateDisplayOptions(
	{ show: { resource: ['activity'], operation: [operation] } },
	emailActivityProperties([]),
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await readEmailActivities(this, itemIndex, [ACTIVITY.openEmail]);
}
