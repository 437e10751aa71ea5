import { companyLookup } from './common';
import { lookupOperation } from '../../../enrichment/service';
import { defineOperation } from '../../../shared/operation';
import { lookupRoutes, lookupService } from '../../transport';

/**
 * Service API: `POST /v3/companies/search-and-enrich` in batches of 100. Contract:
 * one call per unique company. Identical lookups are sent once.
 */
export const operation = defineOperation({
	option: {
		name: 'Find',
		value: 'find',
		description:
			'Look up one known company by domain (example.com) or name. 1 credit when found, none on a miss (found: false).',
		action: 'Find a company by domain or name',
	},
	...lookupOperation(lookupService, companyLookup, lookupRoutes('companies', '/company').find),
});
