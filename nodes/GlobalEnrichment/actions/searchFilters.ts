/**
 * The filters of Contact → Search and Company → Search: their fields in the editor, and the
 * `filters` part of the search body built from them (the two read the same catalogue table).
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

/** The value of a resource locator filter (`{ __rl, mode, value }`), or the text given. */
function locatorValue(value: unknown): string {
	const picked = value && typeof value === 'object' ? (value as IDataObject).value : value;
	return typeof picked === 'string' ? picked.trim() : '';
}

/** Catalogue filters: where each goes in the body (contacts or companies) and how values are sent. */
const PICKED: Array<{
	name: string;
	label: string;
	side: 'contacts' | 'companies';
	numeric: boolean;
}> = [
	{ name: 'departments', label: 'Department Names or IDs', side: 'contacts', numeric: false },
	{ name: 'seniorityIds', label: 'Seniority Names or IDs', side: 'contacts', numeric: true },
	{ name: 'intentTopics', label: 'Intent Topic Names or IDs', side: 'companies', numeric: false },
	{ name: 'technologies', label: 'Technology', side: 'companies', numeric: false },
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
		{
			displayName: 'Technology',
			name: 'technology',
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
			description: "A technology companies use, from the service's own list (service API only)",
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					typeOptions: { searchListMethod: 'searchTechnologies', searchable: true },
				},
				{ displayName: 'By Name', name: 'name', type: 'string', placeholder: 'e.g. Salesforce' },
			],
		},
		picker(
			'Intent Topic Names or IDs',
			'intentTopics',
			'getCompanyIntentTopics',
			'Topics companies research',
		),
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
	for (const { name, label, side, numeric } of PICKED) {
		const values =
			name === 'technologies'
				? [locatorValue(filters.technology)].filter(Boolean)
				: listOf(filters[name]);
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
		const sent = numeric ? values.map(Number) : values;
		if (numeric && sent.some((value) => !Number.isInteger(value) || (value as number) <= 0)) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Invalid ${label} filter in item ${itemIndex}: the service takes IDs (numbers such as 4), not "${echo(values.join(', '))}"`,
				{
					itemIndex,
					description: 'Choose the values from the list. No request was sent.',
				},
			);
		}
		(side === 'contacts' ? contacts : companies)[name] = sent;
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
	const body: IDataObject = {};
	if (Object.keys(contacts).length) body.contacts = { include: contacts };
	if (Object.keys(companies).length) body.companies = { include: companies };
	return body;
}
