import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyField } from '../../../shared/descriptions';
import { lookupOptions } from '../../../enrichment/fields';
import { runLookups } from '../../../enrichment/lookups';
import { transport } from '../../transport';
import { companyIdentifierProperties, formatCompany, prepareCompany } from './common';

const properties: INodeProperties[] = [
	...companyIdentifierProperties,
	simplifyField,
	lookupOptions('company'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['company'], operation: ['find'] } },
	properties,
);

/** One `POST /company` per unique company; identical lookups of the run are sent once. */
export async function executeBatch(this: IExecuteFunctions) {
	return await runLookups.call(this, {
		noun: 'company',
		batchSize: 1,
		prepare: prepareCompany,
		send: async function (this: IExecuteFunctions, chunk) {
			return await transport.lookupOne(this, '/company', chunk);
		},
		format: formatCompany,
	});
}
