import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	checkEmailActivities,
	emailActivityProperties,
	readEmailActivities,
	type EmailActivityQuery,
} from './emailActivity';
import { ACTIVITY } from './types';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

function check(this: IExecuteFunctions, itemIndex: number): EmailActivityQuery {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const types: number[] = [ACTIVITY.emailBounced];
	if (options.includeSoftBounces === true) types.push(ACTIVITY.emailBouncedSoft);
	return checkEmailActivities(this, itemIndex, types);
}

async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	query: EmailActivityQuery,
): Promise<IDataObject[]> {
	return await readEmailActivities(this, itemIndex, query);
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
	// Every item is checked before the first call; the reads then run concurrently.
	check,
	runBatch: concurrentReads(execute),
});
