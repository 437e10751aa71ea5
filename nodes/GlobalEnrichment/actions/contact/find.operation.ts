import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyField } from '../../../shared/descriptions';
import { lookupOptions } from '../../../enrichment/fields';
import { runLookups } from '../../../enrichment/lookups';
import { transport } from '../../transport';
import { contactIdentifierProperties, formatContact, prepareContact } from './common';

const properties: INodeProperties[] = [
	...contactIdentifierProperties,
	simplifyField,
	lookupOptions('contact'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['find'] } },
	properties,
);

/** One `POST /person` per unique contact; identical lookups of the run are sent once. */
export async function executeBatch(this: IExecuteFunctions) {
	return await runLookups.call(this, {
		noun: 'contact',
		batchSize: 1,
		prepare: prepareContact,
		send: async function (this: IExecuteFunctions, chunk) {
			return await transport.lookupOne(this, '/person', chunk);
		},
		format: formatContact,
	});
}
