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
	return checkEmailActivities(this, itemIndex, [ACTIVITY.openEmail]);
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
		name: 'Get Email Opens',
		value: 'getEmailOpens',
		description: 'Get email open activities since a date',
		action: 'Get email opens',
	},
	fields: emailActivityProperties([]),
	// Every item is checked before the first call; the reads then run concurrently.
	check,
	runBatch: concurrentReads(execute),
});
