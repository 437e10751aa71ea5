import { updateDisplayOptions } from 'n8n-workflow';

import { changesProperties, executeBatch } from '../lead/getChanges.operation';
import type { MarketingAutomationMap } from '../node.type';
import { versionOne } from '../versions';

export const operation = 'getLeadChanges' satisfies MarketingAutomationMap['activity'];

/**
 * Lead → Get Changes under Activity, kept for version-1 nodes (saved workflows); from version 2
 * the operation is offered under Lead only.
 */
export const description = updateDisplayOptions(
	{ show: { resource: ['activity'], operation: [operation], ...versionOne } },
	changesProperties(),
);

export { executeBatch };
