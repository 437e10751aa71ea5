import type { IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { changeMembership, membershipProperties } from './membership';
import type { MarketingAutomationMap } from '../node.type';

export const operation = 'removeLeads' satisfies MarketingAutomationMap['list'];

export const description = updateDisplayOptions(
	{ show: { resource: ['list'], operation: [operation] } },
	membershipProperties,
);

export async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	return await changeMembership(this, itemIndexes, 'DELETE');
}
