import { defineOperation } from '../../../shared/operation';
import { approvalOperation } from './approval';

export const operation = defineOperation({
	option: {
		name: 'Approve',
		value: 'approve',
		description: 'Approve an Email program, so it sends at its start time',
		action: 'Approve an email program',
	},
	since: 2,
	...approvalOperation(true),
});
