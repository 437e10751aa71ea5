import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { emailActivityProperties, readEmailActivities } from './emailActivity';
import { ACTIVITY } from './types';
import { checksOwnItems, concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const types: number[] = [ACTIVITY.emailBounced];
	if (options.includeSoftBounces === true) types.push(ACTIVITY.emailBouncedSoft);
	return await readEmailActivities(this, itemIndex, types);
}

export const operation = defineOperation({
	option: {
		name: 'Get Email Bounces',
		value: 'getEmailBounces',
		description: 'Get email bounce activities since a date',
		action: 'Get email bounces',
	},
	fields: emailActivityProperties([
		{
			displayName: 'Include Soft Bounces',
			name: 'includeSoftBounces',
			type: 'boolean',
			default: false,
			description: 'Whether to include soft bounces (activity type 27) besides hard bounces (8)',
		},
	]),
	// Several items' reads run concurrently (see `concurrentReads`).
	runBatch: checksOwnItems(concurrentReads(execute)),
});
