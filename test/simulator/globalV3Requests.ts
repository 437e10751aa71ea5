/**
 * The fields each V3 request of the global service defines, from the service's API reference
 * (`../shared/reference/services-beyond-seed.md` §3.1, the V3 OpenAPI it cites). The service refuses
 * any other property, at any depth, and any other query parameter: HTTP 400
 * `property <name> should not exist`, prefixed with the path of a nested one
 * (`contacts.0.property <name> should not exist`). The simulator answers a V3 path only when it is
 * listed here, so every V3 endpoint it serves is checked.
 */

/**
 * A request value's shape: `value` (a scalar or a list of scalars, not looked into), an object of
 * the fields it defines, or a list of one shape.
 */
export type Shape = 'value' | { readonly [field: string]: Shape } | readonly [Shape];

const value = 'value' as const;

/** The same shape for every name. */
const fields = (names: string[], shape: Shape = value) =>
	Object.fromEntries(names.map((name) => [name, shape]));

const location = fields([
	'city',
	'state',
	'country',
	'continent',
	'countryGrouping',
	'region',
	'countryIso2',
]);
const range = fields(['min', 'max']);
const geographicDetails = [fields(['country', 'zipcode', 'distance'])] as const;
const zipcodes = [fields(['countryIso2', 'zipcode'])] as const;

/** `V3ContactFilterCriteria`: `filters.contacts.include` / `exclude` of a contact search. */
const contactCriteria: Shape = {
	...fields([
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
	locations: [location],
	signals: fields(['types', 'startDate']),
	education: fields(['degrees', 'fieldsOfStudy', 'schools', 'startYearGte', 'graduationYearLte']),
	score: fields(['minScore', 'maxScore']),
	geographicDetails,
};

/** What both company filter sets share. */
const companyCriteriaCommon = {
	...fields([
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
	locations: [location],
	sizes: [range],
	revenues: [range],
	topicCountThreshold: [range],
	foundedYear: [range],
	geographicDetails,
	locationsZipcodes: zipcodes,
	headquarterZipcodes: zipcodes,
} as const;

/** `V3CompanyFilterCriteria`: the company filters of a contact search. */
const companyCriteria: Shape = {
	...companyCriteriaCommon,
	industriesLabels: value,
	funding: {
		...fields(['isIpo', 'investors', 'types']),
		ranges: [fields(['coverage', 'min', 'max'])],
		date: fields(['coverage', 'date']),
		rounds: [fields(['coverage', 'round'])],
		names: [fields(['coverage', 'name'])],
	},
};

/** `V3CompanyProspectingFilters`: the company filters of a company search. */
const companyProspectingFilters: Shape = {
	...companyCriteriaCommon,
	searchText: value,
	signals: {
		...fields(['types', 'startDate', 'filterByIntentCategory']),
		filterByLocation: [fields(['country', 'state', 'startDate'])],
		filterByDepartment: [fields(['department', 'startDate'])],
	},
};

/** `V3ContactsOnCompanySearchFilters`: the contact filters of a company search. */
const contactsOnCompanySearch: Shape = {
	...fields(['jobTitles', 'departments', 'seniorityIds', 'skills', 'existingDataPoints']),
	locations: [location],
};

const includeExclude = (criteria: Shape) => ({ include: criteria, exclude: criteria });
const pagination = fields(['page', 'size']);
const searchOptions = fields(['includePartialProfiles']);

/** A V3 request: the body's shape (POST) or the query parameters it takes (GET). */
export type V3Request = { body: Shape } | { query: string[] };

/** A contact as enrich and score take it: by one identifier, with a reference echoed back. */
const CONTACT_REFERENCE_FIELDS = [
	'clientReferenceId',
	'id',
	'linkedinUrl',
	'email',
	'firstName',
	'lastName',
	'companyName',
	'companyDomain',
];

/** Every V3 request the simulator serves, by `METHOD path`. */
export const V3_REQUESTS: Readonly<Record<string, V3Request>> = {
	'POST /v3/contacts/search-and-enrich': {
		body: {
			contacts: [fields(CONTACT_REFERENCE_FIELDS)],
			reveal: value,
			options: searchOptions,
		},
	},
	// No `reveal` here: company extras come through `/v3/companies/enrich` only.
	'POST /v3/companies/search-and-enrich': {
		body: {
			companies: [fields(['clientReferenceId', 'id', 'name', 'domain'])],
			options: searchOptions,
		},
	},
	'POST /v3/contacts/prospecting': {
		body: {
			pagination,
			filters: {
				contacts: includeExclude(contactCriteria),
				companies: includeExclude(companyCriteria),
			},
			tableId: value,
			options: fields(['includePartialProfiles', 'excludeDnc']),
		},
	},
	'POST /v3/companies/prospecting': {
		body: {
			pagination,
			filters: {
				companies: includeExclude(companyProspectingFilters),
				contacts: includeExclude(contactsOnCompanySearch),
			},
			tableId: value,
			options: searchOptions,
		},
	},
	'GET /v3/account/usage': { query: [] },
	'GET /v3/companies/prospecting/filters/industriesLabels': { query: [] },
	...signalRequests(),
};

/** Signals, scores, lookalikes and filter catalogues (./globalSignals.ts), for both kinds. */
function signalRequests(): Record<string, V3Request> {
	const requests: Record<string, V3Request> = {};
	for (const kind of ['contacts', 'companies']) {
		requests[`GET /v3/${kind}/signals/types`] = { query: [] };
		requests[`POST /v3/${kind}/signals`] = {
			body: fields(['ids', 'signalTypes', 'startDate', 'maxResultsPerSignal']),
		};
	}
	// A score takes records, each by one identifier, with a reference echoed on its result.
	requests['POST /v3/contacts/signal-score'] = {
		body: {
			contacts: [fields(CONTACT_REFERENCE_FIELDS)],
		},
	};
	requests['POST /v3/companies/signal-score'] = {
		body: { companies: [fields(['clientReferenceId', 'id', 'domain', 'name', 'email'])] },
	};
	// Seeds and exclusions are grouped by kind: a list per kind, never a list of seed objects.
	const lookalike = (seeds: Record<string, Shape>): V3Request => ({
		body: { seeds, exclude: seeds, ...fields(['limit', 'dedupeSessionId', 'tableId']) },
	});
	requests['POST /v3/contacts/lookalike'] = lookalike({
		...fields(['emails', 'linkedinUrls', 'ids', 'contactIds']),
		contacts: [fields(['firstName', 'lastName', 'companyDomain', 'companyName'])],
	});
	requests['POST /v3/companies/lookalike'] = lookalike(fields(['domains', 'linkedinUrls']));
	for (const name of ['departments', 'seniority', 'existingDataPoints', 'countries']) {
		requests[`GET /v3/contacts/prospecting/filters/${name}`] = { query: [] };
	}
	requests['GET /v3/contacts/prospecting/filters/locations'] = { query: ['query'] };
	for (const name of ['sizes', 'revenues', 'sics', 'naics', 'intentTopics']) {
		requests[`GET /v3/companies/prospecting/filters/${name}`] = { query: [] };
	}
	for (const name of ['names', 'technologies', 'locations']) {
		requests[`GET /v3/companies/prospecting/filters/${name}`] = { query: ['query'] };
	}
	return requests;
}

/** The service's message for each property of `body` that `shape` does not define. */
export function undefinedProperties(shape: Shape, body: unknown, path = ''): string[] {
	if (shape === value || !body || typeof body !== 'object') return [];
	if (Array.isArray(shape)) {
		return Array.isArray(body)
			? body.flatMap((item, n) => undefinedProperties(shape[0] as Shape, item, `${path}${n}.`))
			: [];
	}
	if (Array.isArray(body)) return [];
	const defined = shape as Record<string, Shape>;
	return Object.entries(body).flatMap(([name, field]) =>
		Object.prototype.hasOwnProperty.call(defined, name)
			? undefinedProperties(defined[name], field, `${path}${name}.`)
			: [`${path}property ${name} should not exist`],
	);
}
