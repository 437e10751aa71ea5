import { updateDisplayOptions } from 'n8n-workflow';

import type { MarketingAutomationMap } from '../node.type';
import { emailProgramsProperties, executeBatch } from '../program/getEmailPrograms.operation';
import { versionOne } from '../versions';

export const operation = 'getPrograms' satisfies MarketingAutomationMap['email'];

/**
 * Program → Get Many Email Programs under Email, kept for version-1 nodes (saved workflows); from
 * version 2 the operation is offered under Program only. Same fields, same requests.
 */
export const description = updateDisplayOptions(
	{ show: { resource: ['email'], operation: [operation], ...versionOne } },
	emailProgramsProperties,
);

export { executeBatch };
