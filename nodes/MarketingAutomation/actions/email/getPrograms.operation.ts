import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation } from '../../../shared/operation';
import {
	emailProgramsOperation,
	emailProgramsProperties,
	emailProgramsRun,
} from '../program/getEmailPrograms.operation';
import { versionOne } from '../versions';

/**
 * Program → Get Many Email Programs under Email, kept for version-1 nodes (saved workflows); from
 * version 2 the operation is offered under Program only. Same fields, same requests.
 */
export const operation = defineOperation({
	option: { ...emailProgramsOperation, value: 'getPrograms' },
	until: 1,
	fields: updateDisplayOptions({ show: versionOne }, emailProgramsProperties),
	...emailProgramsRun,
});
