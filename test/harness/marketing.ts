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

/**
 * The same upsert at version 2.1 as the editor saves it: Map Automatically, matched on email, and
 * the column mapper's list of the instance's lead fields (`schema`), which the editor stores with
 * the parameter. Instances have 100 to 500 lead fields; 150 here.
 */
export const LEAD_UPSERT_AS_SAVED = {
	...LEAD_UPSERT_BY_EMAIL,
	columns: {
		mappingMode: 'autoMapInputData',
		value: {},
		matchingColumns: ['email'],
		schema: Array.from({ length: 150 }, (_, i) => {
			const id = ['email', 'firstName', 'lastName', 'company'][i] ?? `customField${i}`;
			return {
				id,
				displayName: id,
				required: false,
				defaultMatch: false,
				display: true,
				type: 'string',
				canBeUsedToMatch: i < 4,
				removed: false,
			};
		}),
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	},
};

/** Lead → Get Many by e-mail, all pages, with the given options (`fields`, `includeNotFound`). */
export const leadLookupByEmail = (
	options: Record<string, unknown> = {},
	filterValues = '={{ $json.email }}',
) => ({
	resource: 'lead',
	operation: 'getAll',
	filterType: 'email',
	filterValues,
	returnAll: true,
	options,
});

/** Campaign → Get for the demo seed's campaign 2001. */
export const GET_DEMO_CAMPAIGN = {
	resource: 'campaign',
	operation: 'get',
	campaign: { mode: 'id', value: '2001' },
};

/** Campaign → Get Many, all pages, no filters. */
export const ALL_CAMPAIGNS = {
	resource: 'campaign',
	operation: 'getAll',
	returnAll: true,
	filters: {},
};

/** Campaign → Trigger for the demo seed's campaign 2001, no tokens. */
export const triggerDemoCampaign = (leadIds: string) => ({
	resource: 'campaign',
	operation: 'trigger',
	campaign: { mode: 'id', value: '2001' },
	leadIds,
	tokens: {},
});

/** Marketing Automation API Call parameters: `method` to `endpoint`, plus any other parameters. */
export const apiCall = (
	method: string,
	endpoint: string,
	parameters: Record<string, unknown> = {},
) => ({
	resource: 'apiCall',
	operation: 'send',
	method,
	endpoint,
	...parameters,
});
