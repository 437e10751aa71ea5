/**
 * The global enrichment service's contract: every endpoint the Global Enrichment node, its pickers
 * and its trigger call, from the service's published documents (in the project's own words).
 * Two simulator modules serve it: `global` (the V3 API and the connection contract) and
 * `globalWebhooks` (subscriptions and the account secret), each with its own contract below.
 * Leaf values of the search filters are not typed here (the document types them; the node's own
 * checks cover them); every object is strict, so a field the document lacks is refused.
 */
import type { Endpoint, Schema, ServiceContract } from './types';

const DOCUMENTS = {
	v3: 'The service V3 OpenAPI, `openapi/_original/lusha-openapi.yml` in the public repository api-evangelist/lusha (with its webhook guide in the createSubscription description); summed up in ../shared/reference/services-beyond-seed.md §3.1-3.5',
	v2: 'The service V2 OpenAPI, `openapi/_original/lusha-v2-openapi.yaml` in the same repository (filter value shapes)',
	spec: '../shared/SPEC.md section D: the connection contract (`/person`, `/company`, bulk)',
} as const;

const any: Schema = {};
const string: Schema = { type: 'string' };
const integer: Schema = { type: 'integer' };
const boolean: Schema = { type: 'boolean' };
const strings: Schema = { type: 'array', items: string };
const object = (
	properties: Record<string, Schema>,
	required: string[] = [],
	extra: Partial<Schema> = {},
): Schema => ({ type: 'object', properties, ...(required.length ? { required } : {}), ...extra });
const list = (items: Schema, extra: Partial<Schema> = {}): Schema => ({
	type: 'array',
	items,
	...extra,
});
/** Objects whose fields the document leaves open. */
const open = (assumed: string): Schema => ({ type: 'object', additionalProperties: true, assumed });
/** Fields of any value, by name. */
const anyOf = (names: string[]) => Object.fromEntries(names.map((name) => [name, any]));

/** `ErrorResponse`: the body of every error status of the V3 API and the webhooks API. */
export const errorResponse: Schema = object(
	{ statusCode: integer, message: string, errors: strings },
	['statusCode', 'message'],
);
/** `DedupeSessionInvalidError`: 410 of a lookalike page whose session is unknown or expired. */
const dedupeSessionInvalid: Schema = object({ code: string, message: string }, ['code', 'message']);
/** `V3Billing`. */
const billing: Schema = object({ creditsCharged: integer, resultsReturned: integer });
/** `TableWrite`: only when a `tableId` was sent. */
const tableWrite: Schema = object(
	anyOf([
		'tableId',
		'added',
		'alreadyPresent',
		'columnsCreated',
		'rowsProcessed',
		'rowsCharged',
		'rowsAlreadyPaidInTable',
		'creditsCharged',
	]),
);
/** `V3ItemError`: a per-record error inside a 200 answer. */
export const itemError: Schema = object({
	code: {
		type: 'string',
		enum: ['NOT_FOUND', 'COMPLIANCE_RESTRICTED', 'ENRICH_FAILED', 'NO_SCORE'],
	},
	message: string,
});
const record = open(
	'The record fields of a V3 result are not pinned in this pass; the contract pins the envelope.',
);

/** The error answers each V3 endpoint documents, by status. */
const errors = (...statuses: string[]) =>
	Object.fromEntries(statuses.map((status) => [status, errorResponse]));
const V3_ERRORS = errors('400', '401', '402', '403', '429', '500', '502', '503');

// --- Search and enrich ---------------------------------------------------------------------------

const location = object(
	anyOf(['city', 'state', 'country', 'continent', 'countryGrouping', 'region', 'countryIso2']),
);
const range = object(anyOf(['min', 'max']));
const geographicDetails = list(object(anyOf(['country', 'zipcode', 'distance'])));
const zipcodes = list(object(anyOf(['countryIso2', 'zipcode'])));

/** `V3ContactFilterCriteria`. */
const contactCriteria = object({
	...anyOf([
		'names',
		'jobTitles',
		'jobTitlesExactMatch',
		'normalizedJobTitles',
		'searchText',
		'countries',
		'seniorityIds',
		'departments',
		'linkedinUrls',
		'existingDataPoints',
		'emails',
		'previousEmails',
		'previousJobTitle',
		'skills',
		'certifications',
		'awards',
		'ids',
		'existingDataPointsCondition',
		'jobChangedAfterDate',
		'jobChangedLastViewDate',
	]),
	locations: list(location),
	signals: object(anyOf(['types', 'startDate'])),
	education: object(
		anyOf(['degrees', 'fieldsOfStudy', 'schools', 'startYearGte', 'graduationYearLte']),
	),
	score: object(anyOf(['minScore', 'maxScore'])),
	geographicDetails,
});

const companyCommon: Record<string, Schema> = {
	...anyOf([
		'names',
		'domains',
		'ids',
		'technologies',
		'technologiesCondition',
		'mainIndustriesIds',
		'subIndustriesIds',
		'intentTopics',
		'intentTopicsCondition',
		'intentMinScore',
		'intentMaxScore',
		'intentTopicsOperator',
		'sicCodes',
		'naicsCodes',
		'businessModel',
		'companyType',
		'linkedinUrls',
		'keywords',
		'specialities',
		'exactSpecialities',
		'exactKeywords',
		'keywordsSearchFields',
		'previousCompanyDomains',
		'previousCompanyNames',
	]),
	locations: list(location),
	sizes: list(range),
	revenues: list(range),
	topicCountThreshold: list(range),
	foundedYear: list(range),
	geographicDetails,
	locationsZipcodes: zipcodes,
	headquarterZipcodes: zipcodes,
};
/** `V3CompanyFilterCriteria`: the company filters of a contact search. */
const companyCriteria = object({
	...companyCommon,
	industriesLabels: any,
	funding: object({
		...anyOf(['isIpo', 'investors', 'types']),
		ranges: list(object(anyOf(['coverage', 'min', 'max']))),
		date: object(anyOf(['coverage', 'date'])),
		rounds: list(object(anyOf(['coverage', 'round']))),
		names: list(object(anyOf(['coverage', 'name']))),
	}),
});
/** `V3CompanyProspectingFilters`: the company filters of a company search. */
const companyProspecting = object({
	...companyCommon,
	searchText: any,
	signals: object({
		...anyOf(['types', 'startDate', 'filterByIntentCategory']),
		filterByLocation: list(object(anyOf(['country', 'state', 'startDate']))),
		filterByDepartment: list(object(anyOf(['department', 'startDate']))),
	}),
});
/** `V3ContactsOnCompanySearchFilters`. */
const contactsOnCompany = object({
	...anyOf(['jobTitles', 'departments', 'seniorityIds', 'skills', 'existingDataPoints']),
	locations: list(location),
});
const includeExclude = (criteria: Schema) => object({ include: criteria, exclude: criteria });
const pagination = object({ page: { ...integer, minimum: 0 }, size: integer });
const searchOptions = object({ includePartialProfiles: boolean });

const CONTACT_REFERENCE = object({
	clientReferenceId: { ...string, maxLength: 256 },
	...anyOf(['id', 'linkedinUrl', 'email', 'firstName', 'lastName', 'companyName', 'companyDomain']),
});
const batch = (items: Schema) => list(items, { minItems: 1, maxItems: 100 });
const results = object({ requestId: string, results: list(record), billing, tableWrite });
const prospectingAnswer = object({
	requestId: string,
	results: list(record),
	pagination: object({ page: integer, size: integer, total: integer }),
	billing,
	tableWrite,
});

// --- Signals ---------------------------------------------------------------------------------------

/** The signal catalogues the document lists (`V3ContactSignalsRequest`, `V3CompanySignalsRequest`). */
export const CONTACT_SIGNAL_TYPES = ['allSignals', 'promotion', 'companyChange'] as const;
export const COMPANY_SIGNAL_TYPES = [
	'allSignals',
	'linkedinActivityIntent',
	'websiteTrafficDecrease',
	'websiteTrafficIncrease',
	'itSpendIncrease',
	'itSpendDecrease',
	'surgeInHiring',
	'headcountIncrease1m',
	'headcountIncrease3m',
	'headcountIncrease6m',
	'headcountIncrease12m',
	'headcountDecrease1m',
	'headcountDecrease3m',
	'headcountDecrease6m',
	'headcountDecrease12m',
	'surgeInHiringByDepartment',
	'surgeInHiringByLocation',
	'riskNews',
	'commercialActivityNews',
	'corporateStrategyNews',
	'financialEventsNews',
	'peopleNews',
	'marketIntelligenceNews',
	'productActivityNews',
] as const;

const signalsRequest = (types: readonly string[], extra: Record<string, Schema> = {}) =>
	object(
		{
			ids: batch(string),
			signalTypes: list({ type: 'string', enum: types }, { minItems: 1 }),
			startDate: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
			maxResultsPerSignal: { ...integer, minimum: 1, maximum: 100 },
			tableId: string,
			...extra,
		},
		['ids', 'signalTypes'],
	);
const signalList = list({ type: 'object', additionalProperties: true });
/** `V3ContactSignalsResponse`: each type's list under the type's name. */
const contactSignalsAnswer = object({
	results: list(object({ id: string, companyChange: signalList, promotion: signalList })),
	startDate: string,
	endDate: string,
	tableWrite,
	billing,
});
/** `V3CompanySignalsResponse`: company types as additional properties of each result. */
const companySignalsAnswer = object({
	results: list(
		object(
			{ id: string, companyName: string, domain: string, linkedinActivityIntent: signalList },
			[],
			{ additionalProperties: signalList },
		),
	),
	startDate: string,
	endDate: string,
	tableWrite,
	billing,
});
const signalTypesAnswer = object({ signalTypes: strings });

const scoreResult = (identity: Record<string, Schema>) =>
	object({
		clientReferenceId: string,
		id: string,
		...identity,
		signalScore: { type: 'number', minimum: 0, maximum: 1 },
		signalTypes: strings,
		noActiveSignals: boolean,
		error: itemError,
	});

// --- Lookalikes --------------------------------------------------------------------------------------

const capped = (items: Schema) => list(items, { maxItems: 100 });
/** `ContactIdentifiersBatch`. */
const contactIdentifiers = object({
	linkedinUrls: capped(string),
	contacts: capped(
		object({ firstName: string, lastName: string, companyDomain: string, companyName: string }, [
			'firstName',
			'lastName',
		]),
	),
	emails: capped(string),
	ids: capped(string),
	contactIds: capped(integer),
});
/** `CompanyIdentifiersBatch`. */
const companyIdentifiers = object({ domains: capped(string), linkedinUrls: capped(string) });
const lookalikeRequest = (identifiers: Schema) =>
	object(
		{
			dedupeSessionId: string,
			seeds: identifiers,
			exclude: identifiers,
			limit: { ...integer, minimum: 1, maximum: 100 },
			tableId: string,
		},
		['seeds'],
	);
const lookalikeAnswer = object(
	{
		dedupeSessionId: string,
		results: list(record),
		meta: object({ returned: integer, hasMore: boolean }, ['returned', 'hasMore']),
		tableWrite,
		billing,
	},
	['dedupeSessionId', 'results', 'meta'],
);

// --- Filters and usage -------------------------------------------------------------------------------

/** `FilterValuesResponse`: `values` of a shape per filter type (the V2 document gives each). */
const filterValues = object({ values: any }, [], {
	assumed:
		'The V3 document leaves `values` untyped; the simulator answers the V2 shapes: plain strings for departments, existing data points and intent topics; `{id, name}` seniority; `{name, code}` countries; `{min, max}` sizes and revenues; `{code, label}` SIC and NAICS; `{main_industry, main_industry_id, sub_industries[{id, value}]}` industries; `{companyId, name, fqdn}` names; `{name}` technologies; location objects. The company signal sub-filters (getCompanySignalFilterValues) are open in both documents: plain strings for news event types, hiring departments and intent categories (the V2 signal options list the first two as strings; the signals request takes intent categories as strings, `["Technology", "Business"]`), `{country, state}` hiring locations (V2 getSignalOptions).',
});
const filterQuery = object({ query: { ...string, minLength: 2, maxLength: 256 } });
const rateTier = object(anyOf(['limit', 'used', 'remaining', 'resetsAt']));
/** `AccountUsageResponse`. */
const usageAnswer = object({
	credits: object({
		total: { type: 'number' },
		used: { type: 'number' },
		remaining: { type: 'number' },
	}),
	rateLimits: object({ daily: rateTier, hourly: rateTier, minute: rateTier }),
	plan: object({ category: string, renewalType: string, startDate: string, endDate: string }),
	pricing: {
		type: 'object',
		additionalProperties: object({ credits: { type: 'number' }, perQuantity: { type: 'number' } }),
	},
});

// --- The connection contract (SPEC.md section D) ----------------------------------------------------

const personFields = anyOf(['email', 'networkUrl', 'firstName', 'lastName', 'company']);
const companyFields = anyOf(['domain', 'name']);
const specAnswer = open(
	'SPEC.md shows no response fields ("not shown"): any object; the answer of a bulk call per record.',
);
const SPEC_ERRORS = { '4xx': specAnswer, '5xx': specAnswer };

const v3 = (
	method: Endpoint['method'],
	path: string,
	operation: string,
	request: Endpoint['request'],
	answer: Schema,
	extraAnswers: Record<string, Schema> = {},
	assumed?: string[],
): Endpoint => ({
	method,
	path,
	operation,
	source: `v3: ${operation}`,
	...(request ? { request } : {}),
	answers: { '200': answer, ...V3_ERRORS, ...extraAnswers },
	...(assumed ? { assumed } : {}),
});

const json = (body: Schema) => ({ contentType: ['application/json'], body });

export const globalContract: ServiceContract = {
	service: 'global',
	prefix: '/global',
	documents: DOCUMENTS,
	endpoints: [
		v3(
			'POST',
			'/v3/contacts/search-and-enrich',
			'searchAndEnrichContacts',
			json(
				object(
					{
						contacts: batch(CONTACT_REFERENCE),
						reveal: list({ type: 'string', enum: ['emails', 'phones'] }),
						options: searchOptions,
					},
					['contacts'],
				),
			),
			results,
		),
		v3(
			'POST',
			'/v3/companies/search-and-enrich',
			'searchAndEnrichCompanies',
			json(
				object(
					{
						companies: batch(
							object({
								clientReferenceId: { ...string, maxLength: 256 },
								...anyOf(['id', 'name', 'domain']),
							}),
						),
						options: searchOptions,
					},
					['companies'],
				),
			),
			results,
		),
		v3(
			'POST',
			'/v3/contacts/enrich',
			'enrichContacts',
			json(
				object(
					{
						ids: batch(string),
						reveal: list({ type: 'string', enum: ['emails', 'phones'] }),
						waterfallEnabled: boolean,
						tableId: string,
					},
					['ids'],
				),
			),
			results,
		),
		v3(
			'POST',
			'/v3/contacts/prospecting',
			'prospectContacts',
			json(
				object(
					{
						pagination,
						filters: object({
							contacts: includeExclude(contactCriteria),
							companies: includeExclude(companyCriteria),
						}),
						tableId: string,
						options: object({ includePartialProfiles: boolean, excludeDnc: boolean }),
					},
					['pagination', 'filters'],
				),
			),
			prospectingAnswer,
		),
		v3(
			'POST',
			'/v3/companies/prospecting',
			'prospectCompanies',
			json(
				object(
					{
						pagination,
						filters: object({
							companies: includeExclude(companyProspecting),
							contacts: includeExclude(contactsOnCompany),
						}),
						tableId: string,
						options: searchOptions,
					},
					['pagination', 'filters'],
				),
			),
			prospectingAnswer,
		),
		v3(
			'POST',
			'/v3/contacts/signals',
			'getContactSignals',
			json(signalsRequest(CONTACT_SIGNAL_TYPES)),
			contactSignalsAnswer,
		),
		v3(
			'POST',
			'/v3/companies/signals',
			'getCompanySignals',
			json(
				signalsRequest(COMPANY_SIGNAL_TYPES, {
					filters: object({ include: object({ intentCategories: strings }) }),
				}),
			),
			companySignalsAnswer,
		),
		v3('GET', '/v3/contacts/signals/types', 'getContactSignalTypes', undefined, signalTypesAnswer),
		v3('GET', '/v3/companies/signals/types', 'getCompanySignalTypes', undefined, signalTypesAnswer),
		v3(
			'GET',
			'/v3/companies/signals/filters/{filterType}',
			'getCompanySignalFilterValues',
			{
				params: {
					filterType: {
						type: 'string',
						enum: [
							'newsEventTypes',
							'hiringByDepartments',
							'hiringByLocations',
							'intentCategories',
						],
					},
				},
				query: filterQuery,
			},
			filterValues,
		),
		v3(
			'POST',
			'/v3/contacts/signal-score',
			'getContactSignalScores',
			json(
				object(
					{
						contacts: batch(
							object({
								clientReferenceId: { ...string, maxLength: 256 },
								...anyOf([
									'id',
									'linkedinUrl',
									'email',
									'firstName',
									'lastName',
									'companyName',
									'companyDomain',
								]),
							}),
						),
					},
					['contacts'],
				),
			),
			object({
				requestId: string,
				results: list(
					scoreResult({ fullName: string, company: object(anyOf(['id', 'name', 'domain'])) }),
				),
				billing,
			}),
		),
		v3(
			'POST',
			'/v3/companies/signal-score',
			'getCompanySignalScores',
			json(
				object(
					{
						companies: batch(
							object({
								clientReferenceId: { ...string, maxLength: 256 },
								...anyOf(['id', 'domain', 'name', 'email']),
							}),
						),
					},
					['companies'],
				),
			),
			object({
				requestId: string,
				results: list(scoreResult({ name: string, domain: string })),
				billing,
			}),
		),
		v3(
			'POST',
			'/v3/contacts/lookalike',
			'getContactLookalikes',
			json(lookalikeRequest(contactIdentifiers)),
			lookalikeAnswer,
			{ '410': dedupeSessionInvalid },
		),
		v3(
			'POST',
			'/v3/companies/lookalike',
			'getCompanyLookalikes',
			json(lookalikeRequest(companyIdentifiers)),
			lookalikeAnswer,
			{ '410': dedupeSessionInvalid },
		),
		v3(
			'GET',
			'/v3/contacts/prospecting/filters/{filterType}',
			'getContactFilterValues',
			{
				params: {
					filterType: {
						type: 'string',
						enum: ['departments', 'seniority', 'existingDataPoints', 'countries', 'locations'],
					},
				},
				query: filterQuery,
			},
			filterValues,
		),
		v3(
			'GET',
			'/v3/companies/prospecting/filters/{filterType}',
			'getCompanyFilterValues',
			{
				params: {
					filterType: {
						type: 'string',
						enum: [
							'names',
							'sizes',
							'revenues',
							'locations',
							'sics',
							'naics',
							'industriesLabels',
							'intentTopics',
							'technologies',
						],
					},
				},
				query: filterQuery,
			},
			filterValues,
		),
		v3('GET', '/v3/account/usage', 'getAccountUsage', undefined, usageAnswer),
		// The connection contract: SPEC.md section D, through the API-call step.
		{
			method: 'POST',
			path: '/person',
			operation: 'Enrich person',
			source: 'spec: section D',
			request: json(object(personFields)),
			answers: { '200': specAnswer, ...SPEC_ERRORS },
		},
		{
			method: 'POST',
			path: '/company',
			operation: 'Enrich company',
			source: 'spec: section D',
			request: json(object(companyFields)),
			answers: { '200': specAnswer, ...SPEC_ERRORS },
		},
		{
			method: 'POST',
			path: '/person/bulk',
			operation: 'Bulk person enrichment',
			source: 'spec: section D',
			request: json(list(object({ referenceId: string, ...personFields }), { minItems: 1 })),
			answers: { '200': specAnswer, ...SPEC_ERRORS },
			assumed: [
				'Each record carries our `referenceId` to match results back (SPEC.md: "array of person objects").',
			],
		},
		{
			method: 'POST',
			path: '/company/bulk',
			operation: 'Bulk company enrichment',
			source: 'spec: section D',
			request: json(list(object({ referenceId: string, ...companyFields }), { minItems: 1 })),
			answers: { '200': specAnswer, ...SPEC_ERRORS },
			assumed: ['Each record carries our `referenceId` (SPEC.md: "array of company objects").'],
		},
		{
			method: 'GET',
			path: '/account/usage',
			operation: 'getUsage (V2)',
			source: 'v2: /account/usage; spec: section D does not show it',
			answers: { '200': open('The V2 usage answer; its fields are not pinned.'), ...SPEC_ERRORS },
			assumed: [
				'The credential test calls it on both APIs; the contract API is assumed to have it.',
			],
		},
		...(['contact', 'company'] as const).map(
			(kind): Endpoint => ({
				method: 'POST',
				path: `/prospecting/${kind}/search`,
				operation: `Search ${kind === 'contact' ? 'contacts' : 'companies'}`,
				source:
					'v2: /prospecting/{kind}/search; spec: section D ("search endpoint paths: not shown")',
				request: json(object({ pagination, filters: open('Filter names are not shown.') })),
				answers: { '200': specAnswer, ...SPEC_ERRORS },
				assumed: [
					'The path and body follow the V2 prospecting search; SPEC.md does not show them.',
				],
			}),
		),
	],
};

// --- Webhooks --------------------------------------------------------------------------------------

/** `SubscriptionWithoutSecret`. */
export const subscription: Schema = object(
	{
		id: string,
		entityType: { type: 'string', enum: ['contact', 'company'] },
		entityId: string,
		signalTypes: strings,
		url: string,
		name: string,
		isActive: boolean,
		blockReason: string,
		blockedAt: string,
		createdAt: string,
		updatedAt: string,
	},
	['id', 'entityType', 'entityId', 'signalTypes', 'url', 'isActive', 'createdAt', 'updatedAt'],
);
const entityType: Schema = { type: 'string', enum: ['contact', 'company'] };
const result = (success: Schema, codes: string[]): Schema => ({
	anyOf: [
		object({ index: integer, success: { type: 'boolean', enum: [true] }, subscription: success }, [
			'index',
			'success',
			'subscription',
		]),
		object(
			{
				index: integer,
				success: { type: 'boolean', enum: [false] },
				error: object({ code: { type: 'string', enum: codes }, message: string }, [
					'code',
					'message',
				]),
			},
			['index', 'success', 'error'],
		),
	],
});
const batchAnswer = (success: Schema, codes: string[]) =>
	object(
		{ total: integer, successful: integer, failed: integer, results: list(result(success, codes)) },
		['total', 'successful', 'failed', 'results'],
	);

/** The codes of a refused subscription in a create answer (`CreateSubscriptionErrorResult`). */
export const CREATE_ERROR_CODES = [
	'VALIDATION_ERROR',
	'DUPLICATE_SUBSCRIPTION',
	'URL_VALIDATION_FAILED',
	'WEBHOOK_VERIFICATION_FAILED',
	'FORBIDDEN',
	'UNKNOWN_ERROR',
];

/**
 * The body of a signal delivery to the subscriber's URL (createSubscription, "Webhook Payload You'll
 * Receive"): signed with `X-Lusha-Signature` over `timestamp + "." + body` and `X-Lusha-Timestamp`.
 */
export const webhookDelivery: Schema = object(
	{
		id: string,
		type: string,
		entityType,
		entityId: string,
		subscriptionId: string,
		data: { type: 'object', additionalProperties: true },
		timestamp: string,
		billing: object({ creditsCharged: integer }),
	},
	['id', 'type', 'entityType', 'entityId', 'subscriptionId', 'data', 'timestamp'],
	{
		assumed:
			'The guide shows every field in its examples; `billing` is taken as optional, the rest as always present. The service test call (testSubscription) is assumed to deliver the same envelope.',
	},
);

/** What the receiver must answer a delivery (createSubscription, "Client Response Format"), 2xx in 10 s. */
export const webhookAcknowledgement: Schema = object(
	{ received: { type: 'boolean', enum: [true] }, timestamp: string, webhookId: string },
	['received', 'timestamp', 'webhookId'],
);

const hook = (
	method: Endpoint['method'],
	path: string,
	operation: string,
	request: Endpoint['request'],
	answers: Record<string, Schema>,
	assumed?: string[],
): Endpoint => ({
	method,
	path,
	operation,
	source: `v3: ${operation}`,
	...(request ? { request } : {}),
	answers: { ...answers, ...errors('400', '401', '403', '404', '500') },
	...(assumed ? { assumed } : {}),
});

export const globalWebhooksContract: ServiceContract = {
	service: 'globalWebhooks',
	prefix: '/global',
	documents: DOCUMENTS,
	endpoints: [
		hook(
			'POST',
			'/api/subscriptions',
			'createSubscription',
			json(
				object(
					{
						defaults: object(
							{ url: { ...string, maxLength: 2048 }, entityType, signalTypes: strings },
							['url'],
						),
						name: { ...string, maxLength: 100 },
						subscriptions: list(
							object(
								{
									entityId: { ...string, maxLength: 255 },
									entityType,
									signalTypes: strings,
									name: { ...string, maxLength: 100 },
								},
								['entityId'],
							),
							{ minItems: 1, maxItems: 25 },
						),
					},
					['defaults', 'subscriptions'],
				),
			),
			{ '201': batchAnswer(subscription, CREATE_ERROR_CODES) },
			[
				'A create in which every entry was refused is still answered 201 with each refusal by index.',
			],
		),
		hook(
			'GET',
			'/api/subscriptions',
			'listSubscriptions',
			{
				query: object({
					limit: { ...integer, minimum: 1, maximum: 100 },
					offset: { ...integer, minimum: 0 },
				}),
			},
			{
				'200': object(
					{
						data: list(subscription),
						pagination: object(
							{
								total: integer,
								limit: integer,
								offset: integer,
								hasMore: boolean,
								size: integer,
								page: integer,
							},
							['total', 'hasMore'],
						),
					},
					['data', 'pagination'],
				),
			},
			[
				'`PaginationResponse` requires `size` and `page` but defines `total, limit, offset, hasMore`: the contract requires `total` and `hasMore` and allows the rest.',
			],
		),
		hook('GET', '/api/subscriptions/{id}', 'getSubscriptionById', undefined, {
			'200': subscription,
		}),
		hook(
			'POST',
			'/api/subscriptions/{id}/test',
			'testSubscription',
			{ query: object({ mode: { type: 'string', enum: ['direct', 'kafka', 'full'] } }) },
			{
				'200': object(
					{
						subscriptionId: string,
						subscriptionName: string,
						url: string,
						mode: { type: 'string', enum: ['direct', 'kafka', 'full'] },
						flowCheck: object({ success: boolean, statusCode: integer, durationMs: integer }),
						testPayload: object({
							entityType: string,
							signalType: string,
							data: { type: 'object', additionalProperties: true },
						}),
						isSuccess: boolean,
						timestamp: string,
					},
					['subscriptionId', 'url', 'mode', 'isSuccess', 'timestamp'],
				),
			},
		),
		hook(
			'POST',
			'/api/subscriptions/delete',
			'deleteSubscriptions',
			json(object({ ids: list(string, { minItems: 1, maxItems: 25 }) }, ['ids'])),
			{
				'200': batchAnswer(object(anyOf(['id', 'entityType', 'entityId', 'name'])), [
					'NOT_FOUND',
					'VALIDATION_ERROR',
					'FORBIDDEN',
					'UNKNOWN_ERROR',
				]),
			},
		),
		hook('GET', '/api/account/secret', 'getAccountSecret', undefined, {
			'200': object({ secret: string }, ['secret']),
		}),
		hook('POST', '/api/account/secret/regenerate', 'regenerateAccountSecret', undefined, {
			'200': object({ secret: string }, ['secret']),
		}),
	],
};

/**
 * The service's own 400 for a request its contract refuses (`ErrorResponse`): an undefined property
 * worded as the service's validation words it (`contacts.1.property company should not exist`).
 */
export function refusal(problems: string[]) {
	const errors = problems.map((problem) => {
		const found =
			/^(?:body|query)\.(?:(.*)\.)?([^.[\]]+) is not a field the document defines$/.exec(problem);
		if (!found) return problem;
		const at = found[1] ? `${found[1].replace(/\[(\d+)\]/g, '.$1')}.` : '';
		return `${at}property ${found[2]} should not exist`;
	});
	return { statusCode: 400, message: errors.join(', '), errors };
}
