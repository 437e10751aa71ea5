import { contactLookup } from './common';
import { searchOperation } from '../search';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Search',
		value: 'search',
		description: 'Discover contacts by job title, company, location, industry and company size',
		action: 'Search contacts by job title, company, location, and size',
	},
	...searchOperation('contact', contactLookup.simplify),
});
