import { companyLookup } from './common';
import { lookupOperation } from '../../../enrichment/service';
import { defineOperation } from '../../../shared/operation';
import { lookupRoutes, lookupService } from '../../transport';

/**
 * Service API: `POST /v3/companies/search-and-enrich` in batches of 100. Contract:
 * the bulk endpoint, 100 records per call. Identical lookups are sent once.
 */
export const operation = defineOperation({
	option: {
		name: 'Enrich',
		value: 'enrich',
		description:
			'Enrich many companies at once through the bulk endpoint (100 per call). 1 credit per company found, none on a miss.',
		action: 'Enrich many companies at once by domain or name',
	},
	...lookupOperation(lookupService, companyLookup, lookupRoutes('companies', '/company').enrich),
});
