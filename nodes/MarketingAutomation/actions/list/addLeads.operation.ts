import { changeMembership, membershipProperties, type Membership } from './membership';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation<Membership>({
	option: {
		name: 'Add Leads',
		value: 'addLeads',
		description: 'Add leads to a static list, 300 per call',
		action: 'Add leads to a list',
	},
	fields: membershipProperties,
	...changeMembership('POST'),
});
