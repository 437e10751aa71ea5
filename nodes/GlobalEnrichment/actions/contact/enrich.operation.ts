import { contactLookup } from './common';
import { lookupOperation } from '../../../enrichment/service';
import { defineOperation } from '../../../shared/operation';
import { lookupRoutes, lookupService } from '../../transport';

/**
 * Service API: `POST /v3/contacts/search-and-enrich` in batches of 100. Contract:
 * the bulk endpoint, 100 records per call. Identical lookups are sent once.
 */
export const operation = defineOperation({
	option: {
		name: 'Enrich',
		value: 'enrich',
		description:
			'Enrich many contacts at once through the bulk endpoint (100 per call). 1-2 credits per contact found, none on a miss.',
		action: 'Enrich many contacts at once by email, profile link, or name',
	},
	...lookupOperation(lookupService, contactLookup, lookupRoutes('contacts', '/person').enrich),
});
