import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit, simplifyField } from '../../../shared/descriptions';
import { runSearch, searchFilters, validateSearch } from '../search';
import { formatContact } from './common';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	simplifyField,
	searchFilters('contact'),
];

function check(this: IExecuteFunctions, itemIndex: number): void {
	validateSearch(this, 'contact', itemIndex);
}

async function run(this: IExecuteFunctions, itemIndex: number) {
	const records = await runSearch(this, 'contact', itemIndex);
	return records.map((record) => formatContact.call(this, record, itemIndex));
}

export const operation = defineOperation({
	option: {
		name: 'Search',
		value: 'search',
		description: 'Discover contacts by job title, company, location, industry and company size',
		action: 'Search contacts by job title, company, location, and size',
	},
	fields: properties,
	check,
	run,
});
