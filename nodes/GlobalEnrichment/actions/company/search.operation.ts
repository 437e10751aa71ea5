import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit, simplifyField } from '../../../shared/descriptions';
import { runSearch, searchFilters, validateSearch } from '../search';
import { formatCompany } from './common';
import type { GlobalEnrichmentMap } from '../node.type';

export const operation = 'search' satisfies GlobalEnrichmentMap['company'];

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	simplifyField,
	searchFilters('company'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['company'], operation: [operation] } },
	properties,
);

export function validate(this: IExecuteFunctions, itemIndex: number): void {
	validateSearch(this, 'company', itemIndex);
}

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const records = await runSearch(this, 'company', itemIndex);
	return records.map((record) => formatCompany.call(this, record, itemIndex));
}
