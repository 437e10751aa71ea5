import { defineOperation } from '../../../shared/operation';
import { changeMembership, membershipProperties, type Membership } from './membership';

export const operation = defineOperation<Membership>({
	option: {
		name: 'Remove Named Accounts',
		value: 'removeNamedAccounts',
		description: 'Remove named accounts from a named account list, 300 per call',
		action: 'Remove named accounts from a named account list',
	},
	fields: membershipProperties('remove'),
	...changeMembership(true),
});
