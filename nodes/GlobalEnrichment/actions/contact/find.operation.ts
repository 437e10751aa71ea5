import { lookupOperation } from '../lookup';
import type { GlobalEnrichmentMap } from '../node.type';
import { contactLookup } from './common';

export const operation = 'find' satisfies GlobalEnrichmentMap['contact'];

/**
 * Service API: `POST /v3/contacts/search-and-enrich` in batches of 100. Contract:
 * one call per unique contact. Identical lookups are sent once.
 */
export const { description, executeBatch } = lookupOperation(contactLookup, operation, false);
