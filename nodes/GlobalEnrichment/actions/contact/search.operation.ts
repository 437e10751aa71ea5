import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit, simplifyField } from '../../../shared/descriptions';
import { runSearch, searchFilters, validateSearch } from '../search';
import { formatContact } from './common';
import type { GlobalEnrichmentMap } from '../node.type';

export const operation = 'search' satisfies GlobalEnrichmentMap['contact'];

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	simplifyField,
	searchFilters('contact'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: [operation] } },
	properties,
);

export function validate(this: IExecuteFunctions, itemIndex: number): void {
	validateSearch(this, 'contact', itemIndex);
}

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const records = await runSearch(this, 'contact', itemIndex);
	return records.map((record) => formatContact.call(this, record, itemIndex));
}
