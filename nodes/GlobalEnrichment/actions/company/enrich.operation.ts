import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyField } from '../../../shared/descriptions';
import { lookupOptions } from '../../../enrichment/fields';
import { runLookups } from '../../../enrichment/lookups';
import { BULK_BATCH_SIZE, enrichBulk } from '../../transport';
import { companyIdentifierProperties, formatCompany, prepareCompany } from './common';

const properties: INodeProperties[] = [
	...companyIdentifierProperties,
	simplifyField,
	lookupOptions('company'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['company'], operation: ['enrich'] } },
	properties,
);

/** All input items through `POST /company/bulk`, deduplicated, in chunks of the service's batch size. */
export async function executeBatch(this: IExecuteFunctions) {
	return await runLookups.call(this, {
		noun: 'company',
		batchSize: BULK_BATCH_SIZE,
		prepare: prepareCompany,
		send: async function (this: IExecuteFunctions, chunk) {
			return await enrichBulk.call(this, '/company/bulk', chunk);
		},
		format: formatCompany,
	});
}
