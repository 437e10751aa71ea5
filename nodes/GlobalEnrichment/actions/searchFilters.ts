/**
 * The filters of Contact → Search and Company → Search: their fields in the editor, and the
 * `filters` part of the search body built from them. One concern: both are generated from the
 * same table of filters (`PICKED`), row by row, so a field and its place in the body cannot drift.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listOf } from '../../shared/descriptions';
import { echo } from '../../shared/echo';
import {
	COMPANY_SIZES,
	companySizeOptions,
	listFilter,
	searchFiltersCollection,
} from '../../enrichment/fields';
import type { EnrichmentApi } from '../../enrichment/types';
import { readLocation, readRange } from '../helpers/catalogueValues';

export type SearchKind = 'contact' | 'company';

const filter = (
	displayName: string,
	name: string,
	placeholder: string,
	description: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	placeholder,
	description,
});

/** A filter picked from one of the service's catalogues (its own API only). */
const picker = (
	displayName: string,
	name: string,
	loadOptionsMethod: string,
	what: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod },
	default: [],
	description: `${what} from the service's own list (service API only). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
});

/**
 * A filter picked from a catalogue the service searches by the typed text (its own API only): a
 * resource locator, From List first, then By Name where a name can be typed.
 */
const searchedLocator = (
	displayName: string,
	name: string,
	searchListMethod: string,
	description: string,
	byNamePlaceholder?: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod, searchable: true },
		},
		...(byNamePlaceholder
			? [
					{
						displayName: 'By Name',
						name: 'name',
						type: 'string' as const,
						placeholder: byNamePlaceholder,
					},
				]
			: []),
	],
});

/** The value of a resource locator filter (`{ __rl, mode, value }`), or the text given. */
function locatorValue(value: unknown): string {
	const picked = value && typeof value === 'object' ? (value as IDataObject).value : value;
	return typeof picked === 'string' ? picked.trim() : '';
}

/** A picked value the filter cannot take: why, and the fix. */
type Refusal = { refused: string; fix: string };
const FROM_LIST = 'Choose the values from the list.';

/** Each value as the filter takes it, or the first refused. */
const each =
	(read: (value: string) => unknown, refused: (value: string) => string, fix = FROM_LIST) =>
	(values: string[]): unknown[] | Refusal => {
		const sent: unknown[] = [];
		for (const value of values) {
			const taken = read(value);
			if (taken === undefined) return { refused: refused(value), fix };
			sent.push(taken);
		}
		return sent;
	};
const asIs = (value: string) => value;
const positiveId = (value: string) => (/^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined);
const ids = each(
	positiveId,
	(value) => `the service takes IDs (numbers such as 4), not "${echo(value)}"`,
);
const codes = (example: string) =>
	each(
		(value) => (/^\d{2,8}$/.test(value) ? value : undefined),
		(value) => `the service takes codes (digits such as ${example}), not "${echo(value)}"`,
	);
const ranges = each(
	readRange,
	(value) => `"${echo(value)}" is not a range (such as 51-200 or 10001+)`,
	'Choose the ranges from the list, or give them as 51-200 or 10001+ in the expression.',
);
const locations = each(
	readLocation,
	(value) => `"${echo(value)}" is not a location from the list`,
	'Choose a location from the list, or type countries in Location.',
);

/**
 * Catalogue filters (the service's own API only): the parameter, its display name, where it goes
 * in the body (contacts, companies, or where the search's locations go) under which name, how it
 * is read (a resource locator holds one value) and how each value is sent. A filter a typed one
 * shares (names, sizes, locations) adds to it.
 */
const PICKED: Array<{
	name: string;
	label: string;
	side: 'contacts' | 'companies' | 'located';
	field: string;
	locator?: boolean;
	read: (values: string[]) => unknown[] | Refusal;
}> = [
	{
		name: 'departments',
		label: 'Department Names or IDs',
		side: 'contacts',
		field: 'departments',
		read: each(asIs, asIs),
	},
	{
		name: 'seniorityIds',
		label: 'Seniority Names or IDs',
		side: 'contacts',
		field: 'seniorityIds',
		read: ids,
	},
	{
		name: 'intentTopics',
		label: 'Intent Topic Names or IDs',
		side: 'companies',
		field: 'intentTopics',
		read: each(asIs, asIs),
	},
	{
		name: 'technology',
		label: 'Technology',
		side: 'companies',
		field: 'technologies',
		locator: true,
		read: each(asIs, asIs),
	},
	{
		name: 'companyName',
		label: 'Company Name',
		side: 'companies',
		field: 'names',
		locator: true,
		read: each(asIs, asIs),
	},
	{
		name: 'subIndustryIds',
		label: 'Sub-Industry Names or IDs',
		side: 'companies',
		field: 'subIndustriesIds',
		read: ids,
	},
	{
		name: 'sizeRanges',
		label: 'Company Size Names or IDs',
		side: 'companies',
		field: 'sizes',
		read: ranges,
	},
	{
		name: 'revenues',
		label: 'Revenue Names or IDs',
		side: 'companies',
		field: 'revenues',
		read: ranges,
	},
	{
		name: 'sicCodes',
		label: 'SIC Code Names or IDs',
		side: 'companies',
		field: 'sicCodes',
		read: codes('7372'),
	},
	{
		name: 'naicsCodes',
		label: 'NAICS Code Names or IDs',
		side: 'companies',
		field: 'naicsCodes',
		read: codes('511210'),
	},
	{
		name: 'locationPick',
		label: 'Location (Service API)',
		side: 'located',
		field: 'locations',
		locator: true,
		read: locations,
	},
];

export function searchFilters(kind: SearchKind): INodeProperties {
	const options: INodeProperties[] = [
		filter('Company', 'company', 'e.g. Example Inc, Acme', 'Company names, comma-separated'),
		listFilter('Company Size', 'companySize', companySizeOptions),
		filter(
			'Industry',
			'industry',
			'e.g. Software, Retail',
			"Industries, comma-separated: names on the connection contract, the service's industry IDs on its own API",
		),
		picker('Industry Names or IDs', 'industryIds', 'getIndustries', 'Industries'),
		filter('Location', 'location', 'e.g. Australia, Germany', 'Countries, comma-separated'),
		searchedLocator(
			'Technology',
			'technology',
			'searchTechnologies',
			"A technology companies use, from the service's own list (service API only)",
			'e.g. Salesforce',
		),
		picker(
			'Intent Topic Names or IDs',
			'intentTopics',
			'getCompanyIntentTopics',
			'Topics companies research',
		),
		searchedLocator(
			'Company Name',
			'companyName',
			'searchCompanyNames',
			"A company from the service's list, searched as you type (service API only); Company takes typed names",
			'e.g. Acme',
		),
		searchedLocator(
			'Location (Service API)',
			'locationPick',
			kind === 'contact' ? 'searchContactLocations' : 'searchCompanyLocations',
			"A city, state, country or continent from the service's list, searched as you type (service API only); Location takes typed countries",
		),
		picker('Sub-Industry Names or IDs', 'subIndustryIds', 'getSubIndustries', 'Sub-industries'),
		picker('Company Size Names or IDs', 'sizeRanges', 'getCompanySizes', 'Company size ranges'),
		picker('Revenue Names or IDs', 'revenues', 'getCompanyRevenues', 'Annual revenue ranges'),
		picker('SIC Code Names or IDs', 'sicCodes', 'getCompanySicCodes', 'SIC industry codes'),
		picker('NAICS Code Names or IDs', 'naicsCodes', 'getCompanyNaicsCodes', 'NAICS industry codes'),
	];
	if (kind === 'contact') {
		options.push(
			filter('Job Title', 'jobTitle', 'e.g. Head of Marketing', 'Job titles, comma-separated'),
			picker('Department Names or IDs', 'departments', 'getContactDepartments', 'Departments'),
			picker('Seniority Names or IDs', 'seniorityIds', 'getContactSeniorities', 'Seniority levels'),
		);
	}
	return searchFiltersCollection(
		options.sort((a, b) => a.displayName.localeCompare(b.displayName)),
	);
}

export function searchBody(
	ctx: IExecuteFunctions,
	kind: SearchKind,
	itemIndex: number,
	api: EnrichmentApi | 'either',
): IDataObject {
	const filters = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const contacts: IDataObject = {};
	const companies: IDataObject = {};
	const jobTitles = listOf(filters.jobTitle);
	if (kind === 'contact' && jobTitles.length) contacts.jobTitles = jobTitles;
	const countries = listOf(filters.location).map((country) => ({ country }));
	if (countries.length) (kind === 'contact' ? contacts : companies).locations = countries;
	const names = listOf(filters.company);
	if (names.length) companies.names = names;
	const industries = listOf(filters.industry);
	const picked = listOf(filters.industryIds);
	if (industries.length && api === 'contract') companies.industries = industries;
	if (picked.length && api === 'contract') {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid Industry Names or IDs filter in item ${itemIndex}: the service's industry list works with its own API only; on the connection contract type industry names in Industry`,
			{
				itemIndex,
				description:
					'Clear the picked industries, or choose the Service API in the credential. No request was sent.',
			},
		);
	}
	if ((industries.length || picked.length) && api === 'service') {
		// The service's own API filters by industry ID (its industry list gives the IDs).
		const ids = [...new Set([...picked, ...industries].map(Number))];
		if (ids.some((id) => !Number.isInteger(id) || id <= 0)) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Invalid Industry filter in item ${itemIndex}: the service's own API takes industry IDs (numbers such as 5, 12), not names`,
				{
					itemIndex,
					description:
						"Enter the service's industry IDs, comma-separated, or use the connection contract, which takes names. No request was sent.",
				},
			);
		}
		companies.mainIndustriesIds = ids;
	}
	// Exactly the sizes chosen: an unknown value (from an expression) is refused, never dropped.
	const sizes = listOf(filters.companySize);
	const unknown = sizes.filter((size) => !COMPANY_SIZES.some((known) => known.value === size));
	if (unknown.length) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid Company Size filter in item ${itemIndex}: "${echo(unknown[0])}" is not a company size; use ${COMPANY_SIZES.map((size) => size.value).join(', ')}`,
			{
				itemIndex,
				description:
					'Choose the sizes from the list, or give their values (such as 51-200) in the expression. No request was sent.',
			},
		);
	}
	if (sizes.length) {
		companies.sizes = COMPANY_SIZES.filter((size) => sizes.includes(String(size.value))).map(
			({ min, max }) => (max === undefined ? { min } : { min, max }),
		);
	}
	for (const { name, label, side, field, locator, read } of PICKED) {
		const values = locator ? [locatorValue(filters[name])].filter(Boolean) : listOf(filters[name]);
		if (!values.length || (side === 'contacts' && kind !== 'contact')) continue;
		if (api === 'contract') {
			throw new NodeOperationError(
				ctx.getNode(),
				`Invalid ${label} filter in item ${itemIndex}: this list works with the service's own API only`,
				{
					itemIndex,
					description:
						'Clear the filter, or choose the Service API in the credential. No request was sent.',
				},
			);
		}
		const sent = read(values);
		if (!Array.isArray(sent)) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Invalid ${label} filter in item ${itemIndex}: ${sent.refused}`,
				{ itemIndex, description: `${sent.fix} No request was sent.` },
			);
		}
		const target =
			side === 'contacts' || (side === 'located' && kind === 'contact') ? contacts : companies;
		// Added to what a typed filter gave (names, sizes, locations), each value once.
		const seen = new Set<string>();
		target[field] = [...((target[field] as unknown[] | undefined) ?? []), ...sent].filter(
			(value) => {
				const key = JSON.stringify(value);
				if (seen.has(key)) return false;
				seen.add(key);
				return true;
			},
		) as IDataObject[];
	}
	const body: IDataObject = {};
	if (Object.keys(contacts).length) body.contacts = { include: contacts };
	if (Object.keys(companies).length) body.companies = { include: companies };
	return body;
}
