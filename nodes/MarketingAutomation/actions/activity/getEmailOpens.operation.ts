import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { emailActivityProperties, readEmailActivities } from './emailActivity';
import { ACTIVITY } from './types';
import { checksOwnItems, concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await readEmailActivities(this, itemIndex, [ACTIVITY.openEmail]);
}

export const operation = defineOperation({
	option: {
		name: 'Get Email Opens',
		value: 'getEmailOpens',
		description: 'Get email open activities since a date',
		action: 'Get email opens',
	},
	fields: emailActivityProperties([]),
	// Several items' reads run concurrently (see `concurrentReads`).
	runBatch: checksOwnItems(concurrentReads(execute)),
});
