import { contactLookup } from './common';
import { lookupOperation } from '../../../enrichment/service';
import { defineOperation } from '../../../shared/operation';
import { lookupRoutes, lookupService } from '../../transport';

/**
 * Service API: `POST /v3/contacts/search-and-enrich` in batches of 100. Contract:
 * one call per unique contact. Identical lookups are sent once.
 */
export const operation = defineOperation({
	option: {
		name: 'Find',
		value: 'find',
		description:
			'Look up one known contact by email, profile URL, or name and company. 1-2 credits when found, none on a miss (found: false).',
		action: 'Find a contact by email, profile link, or name and company',
	},
	...lookupOperation(lookupService, contactLookup, lookupRoutes('contacts', '/person').find),
});
