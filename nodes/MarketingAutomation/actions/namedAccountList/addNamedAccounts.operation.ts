import { defineOperation } from '../../../shared/operation';
import { changeMembership, membershipProperties, type Membership } from './membership';

export const operation = defineOperation<Membership>({
	option: {
		name: 'Add Named Accounts',
		value: 'addNamedAccounts',
		description: 'Add named accounts to a named account list, 300 per call',
		action: 'Add named accounts to a named account list',
	},
	fields: membershipProperties('add'),
	...changeMembership(false),
});
