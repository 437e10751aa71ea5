import type { IExecuteFunctions } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { changeMembership, membershipProperties } from './membership';
import { defineOperation } from '../../../shared/operation';
import { checksOwnItems } from '../batches';

async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	return await changeMembership(this, itemIndexes, 'POST');
}

export const operation = defineOperation({
	option: {
		name: 'Add Leads',
		value: 'addLeads',
		description: 'Add leads to a static list, 300 per call',
		action: 'Add leads to a list',
	},
	fields: membershipProperties,
	// Checks its items itself, every one before any call.
	runBatch: checksOwnItems(executeBatch),
});
