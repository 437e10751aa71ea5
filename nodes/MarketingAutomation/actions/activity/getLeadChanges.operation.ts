import { updateDisplayOptions } from 'n8n-workflow';

import { changesProperties, executeBatch } from '../lead/getChanges.operation';
import type { MarketingAutomationMap } from '../node.type';

export const operation = 'getLeadChanges' satisfies MarketingAutomationMap['activity'];

/** The same operation as Lead → Get Changes, offered under Activity too. */
export const description = updateDisplayOptions(
	{ show: { resource: ['activity'], operation: [operation] } },
	changesProperties(),
);

export { executeBatch };
