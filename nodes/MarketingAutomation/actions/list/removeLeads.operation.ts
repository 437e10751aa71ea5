import type { IExecuteFunctions } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { changeMembership, membershipProperties } from './membership';
import { defineOperation } from '../../../shared/operation';
import { checksOwnItems } from '../batches';

async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	return await changeMembership(this, itemIndexes, 'DELETE');
}

export const operation = defineOperation({
	option: {
		name: 'Remove Leads',
		value: 'removeLeads',
		description: 'Remove leads from a static list, 300 per call',
		action: 'Remove leads from a list',
	},
	fields: membershipProperties,
	// Checks its items itself, every one before any call.
	runBatch: checksOwnItems(executeBatch),
});
