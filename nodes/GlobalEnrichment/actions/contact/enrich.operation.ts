import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyField } from '../../../shared/descriptions';
import { lookupOptions } from '../../../enrichment/fields';
import { runLookups } from '../../../enrichment/lookups';
import { BULK_BATCH_SIZE, enrichBulk } from '../../transport';
import { contactIdentifierProperties, formatContact, prepareContact } from './common';

const properties: INodeProperties[] = [
	...contactIdentifierProperties,
	simplifyField,
	lookupOptions('contact'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['enrich'] } },
	properties,
);

/**
 * All input items through `POST /person/bulk`: validated first, identical contacts merged, then
 * sent in chunks of the service's batch size; each result goes back to the items that asked.
 */
export async function executeBatch(this: IExecuteFunctions) {
	return await runLookups.call(this, {
		noun: 'contact',
		batchSize: BULK_BATCH_SIZE,
		prepare: prepareContact,
		send: async function (this: IExecuteFunctions, chunk) {
			return await enrichBulk.call(this, '/person/bulk', chunk);
		},
		format: formatContact,
	});
}
