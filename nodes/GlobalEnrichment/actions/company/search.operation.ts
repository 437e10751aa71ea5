import { companyLookup } from './common';
import { searchOperation } from '../search';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Search',
		value: 'search',
		description: 'Discover companies by name, location, industry and company size',
		action: 'Search companies by name, location, industry, and size',
	},
	...searchOperation('company', companyLookup.simplify),
});
