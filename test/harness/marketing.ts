/**
 * Marketing Automation parameters that tests and benchmarks share. No imports: the benchmarks load
 * this file too.
 */

/** Lead → Create or Update, matched by e-mail, with the input item's fields mapped as they are. */
export const LEAD_UPSERT_BY_EMAIL = {
	resource: 'lead',
	operation: 'createOrUpdate',
	syncAction: 'createOrUpdate',
	lookupField: 'email',
	dataMode: 'autoMap',
	additionalFields: {},
};
