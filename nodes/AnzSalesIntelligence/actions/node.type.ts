/** The node's resources and their operations: each operation file types its value against this. */
export type AnzSalesIntelligenceMap = {
	person: 'enrich' | 'search';
	company: 'enrich';
	apiCall: 'request';
};
