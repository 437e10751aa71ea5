import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyField } from '../../../shared/descriptions';
import { lookupOptions } from '../../../enrichment/fields';
import { runGlobalLookups } from '../lookup';
import type { GlobalEnrichmentMap } from '../node.type';
import { companyIdentifierProperties, formatCompany, prepareCompany } from './common';

export const operation = 'find' satisfies GlobalEnrichmentMap['company'];

const properties: INodeProperties[] = [
	...companyIdentifierProperties,
	simplifyField,
	lookupOptions('company'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['company'], operation: [operation] } },
	properties,
);

/**
 * Service API: `POST /v3/companies/search-and-enrich` in batches of 100. Contract:
 * one call per unique company. Identical lookups are sent once.
 */
export async function executeBatch(this: IExecuteFunctions) {
	return await runGlobalLookups.call(this, {
		kind: 'company',
		bulk: false,
		prepare: prepareCompany,
		format: formatCompany,
	});
}
