import { changeMembership, membershipProperties, type Membership } from './membership';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation<Membership>({
	option: {
		name: 'Remove Leads',
		value: 'removeLeads',
		description: 'Remove leads from a static list, 300 per call',
		action: 'Remove leads from a list',
	},
	fields: membershipProperties,
	...changeMembership('DELETE'),
});
