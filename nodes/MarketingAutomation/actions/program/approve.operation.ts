import type { INodeProperties } from 'n8n-workflow';

import { programLocator } from '../fields';
import { checkId } from '../parameters';
import { defineOperation } from '../../../shared/operation';
import { changeApproval } from './approval';

export const operation = defineOperation({
	option: {
		name: 'Approve',
		value: 'approve',
		description: 'Approve an Email program, so it sends at its start time',
		action: 'Approve an email program',
	},
	since: 2,
	fields: [programLocator] as INodeProperties[],
	check: checkId('program'),
	async run(itemIndex, programId) {
		return await changeApproval(this, itemIndex, programId, true);
	},
});
