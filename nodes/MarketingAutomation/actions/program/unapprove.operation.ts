import type { INodeProperties } from 'n8n-workflow';

import { programLocator } from '../fields';
import { checkId } from '../parameters';
import { defineOperation } from '../../../shared/operation';
import { changeApproval } from './approval';

export const operation = defineOperation({
	option: {
		name: 'Unapprove',
		value: 'unapprove',
		description: 'Unapprove an approved Email program, to change it',
		action: 'Unapprove an email program',
	},
	since: 2,
	fields: [programLocator] as INodeProperties[],
	check: checkId('program'),
	async run(itemIndex, programId) {
		return await changeApproval(this, itemIndex, programId, false);
	},
});
