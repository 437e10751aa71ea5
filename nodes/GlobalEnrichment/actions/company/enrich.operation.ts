import { lookupOperation } from '../lookup';
import type { GlobalEnrichmentMap } from '../node.type';
import { companyLookup } from './common';

export const operation = 'enrich' satisfies GlobalEnrichmentMap['company'];

/**
 * Service API: `POST /v3/companies/search-and-enrich` in batches of 100. Contract:
 * the bulk endpoint, 100 records per call. Identical lookups are sent once.
 */
export const { description, executeBatch } = lookupOperation(companyLookup, operation, true);
