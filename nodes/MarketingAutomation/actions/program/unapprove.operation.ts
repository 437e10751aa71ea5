import { defineOperation } from '../../../shared/operation';
import { approvalOperation } from './approval';

export const operation = defineOperation({
	option: {
		name: 'Unapprove',
		value: 'unapprove',
		description: 'Unapprove an approved Email program, to change it',
		action: 'Unapprove an email program',
	},
	since: 2,
	...approvalOperation(false),
});
