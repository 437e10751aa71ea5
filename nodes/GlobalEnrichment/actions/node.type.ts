/** The node's resources and their operations: each operation file types its value against this. */
export type GlobalEnrichmentMap = {
	contact: 'enrich' | 'find' | 'search';
	company: 'enrich' | 'find' | 'search';
	apiCall: 'request';
};
