import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyField } from '../../../shared/descriptions';
import { lookupOptions } from '../../../enrichment/fields';
import { runGlobalLookups } from '../lookup';
import type { GlobalEnrichmentMap } from '../node.type';
import {
	contactIdentifierProperties,
	formatContact,
	prepareContact,
	waterfallOption,
} from './common';

export const operation = 'enrich' satisfies GlobalEnrichmentMap['contact'];

const properties: INodeProperties[] = [
	...contactIdentifierProperties,
	simplifyField,
	lookupOptions('contact', [waterfallOption]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: [operation] } },
	properties,
);

/**
 * Service API: `POST /v3/contacts/search-and-enrich` in batches of 100. Contract:
 * the bulk endpoint, 100 records per call. Identical lookups are sent once.
 */
export async function executeBatch(this: IExecuteFunctions) {
	return await runGlobalLookups.call(this, {
		kind: 'contact',
		bulk: true,
		prepare: prepareContact,
		format: formatContact,
	});
}
