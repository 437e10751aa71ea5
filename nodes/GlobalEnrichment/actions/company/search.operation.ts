import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit, simplifyField } from '../../../shared/descriptions';
import { runSearch, searchFilters, validateSearch } from '../search';
import { formatCompany } from './common';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	simplifyField,
	searchFilters('company'),
];

function check(this: IExecuteFunctions, itemIndex: number): void {
	validateSearch(this, 'company', itemIndex);
}

async function run(this: IExecuteFunctions, itemIndex: number) {
	const records = await runSearch(this, 'company', itemIndex);
	return records.map((record) => formatCompany.call(this, record, itemIndex));
}

export const operation = defineOperation({
	option: {
		name: 'Search',
		value: 'search',
		description: 'Discover companies by name, location, industry and company size',
		action: 'Search companies by name, location, industry, and size',
	},
	fields: properties,
	check,
	run,
});
