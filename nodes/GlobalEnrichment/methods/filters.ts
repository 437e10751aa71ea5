import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	locationName,
	locationOf,
	rangeName,
	rangeValue,
	readRange,
} from '../helpers/catalogueValues';
import { client } from '../transport';
import { filterValues, type EntityKind, type FilterSource } from '../transport/signals';

/**
 * The service's filter catalogues as picker options. Each catalogue names its entries its own way
 * (`{ id, value }`, `{ value }`, `{ code, label }`, `{ min, max }`): `option` turns one entry into
 * the option shown (its name) and the value the filter takes, or nothing for an entry it cannot use.
 */
type Option = INodePropertyOptions | undefined;

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

/** The options of `name`'s catalogue, each value once, in `order` (by name unless told). */
async function catalogue(
	ctx: ILoadOptionsFunctions,
	kind: EntityKind,
	name: string,
	option: (entry: IDataObject) => Option | Option[],
	{ source, order = byName }: { source?: FilterSource; order?: typeof byName } = {},
): Promise<INodePropertyOptions[]> {
	const entries = await filterValues(ctx, kind, name, undefined, source);
	const seen = new Set<string | number | boolean>();
	return entries
		.flatMap((entry) => [option(entry)].flat())
		.filter((found): found is INodePropertyOptions => {
			if (!found?.name || found.value === undefined || found.value === '') return false;
			if (seen.has(found.value)) return false;
			seen.add(found.value);
			return true;
		})
		.sort(order);
}

/** An entry named by its text (a plain string comes back as `{ value }`), the text its value. */
const named = (entry: IDataObject): Option => {
	const text = String(entry.value ?? entry.name ?? entry.label ?? '');
	return { name: text, value: text };
};

/** A `{ code, label }` entry (SIC, NAICS): "7372 – Prepackaged Software" → its code. */
const coded = (entry: IDataObject): Option => {
	const code = typeof entry.code === 'string' || typeof entry.code === 'number' ? entry.code : '';
	const label = String(entry.label ?? entry.name ?? '').trim();
	return code === ''
		? undefined
		: { name: label ? `${code} – ${label}` : String(code), value: String(code) };
};

/** A `{ min, max }` range (sizes, revenues) → `51-200` / `10001+`, listed from the smallest. */
const ranged =
	(unit: string) =>
	(entry: IDataObject): Option => {
		const value = rangeValue(entry);
		const range = value === undefined ? undefined : readRange(value);
		return range && value ? { name: `${rangeName(range)}${unit}`, value } : undefined;
	};
const bySmallest = (a: INodePropertyOptions, b: INodePropertyOptions) =>
	(readRange(String(a.value))?.min ?? 0) - (readRange(String(b.value))?.min ?? 0);

/** The industry catalogue (`{ values: [{ main_industry, main_industry_id, sub_industries }] }`). */
async function industries(ctx: ILoadOptionsFunctions, what: string) {
	if ((await client.api(ctx)) === 'contract') {
		throw new NodeOperationError(
			ctx.getNode(),
			`The ${what} list comes from the service's own API; on the connection contract, type industry names in the Industry filter`,
		);
	}
	return await filterValues(ctx, 'company', 'industriesLabels');
}

export const filterOptions = {
	/**
	 * Industries for the filter "Industry Names or IDs": the service's own list (`GET
	 * /v3/companies/prospecting/filters/industriesLabels`, free), as name → main industry ID. The
	 * connection contract offers no list.
	 */
	async getIndustries(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return (await industries(this, 'industry'))
			.map((industry) => ({
				name: String(industry.main_industry ?? ''),
				value: Number(industry.main_industry_id),
			}))
			.filter((option) => option.name && Number.isInteger(option.value) && option.value > 0)
			.sort(byName);
	},
	/** Sub-industries of the same list (`sub_industries: [{ id, value }]`), as "Main › Sub" → ID. */
	async getSubIndustries(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return (await industries(this, 'sub-industry'))
			.flatMap((industry) =>
				(Array.isArray(industry.sub_industries) ? industry.sub_industries : []).map(
					(sub: IDataObject) => ({
						name: `${String(industry.main_industry ?? '')} › ${String(sub.value ?? '')}`,
						value: Number(sub.id),
					}),
				),
			)
			.filter((option) => Number.isInteger(option.value) && option.value > 0)
			.sort(byName);
	},
	/** Departments (`…/contacts/prospecting/filters/departments`): the search takes their names. */
	async getContactDepartments(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await catalogue(this, 'contact', 'departments', named);
	},
	/** Seniority levels (`…/contacts/prospecting/filters/seniority`): the search takes their IDs. */
	async getContactSeniorities(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await catalogue(this, 'contact', 'seniority', (entry) => {
			const id = entry.id as number | string | undefined;
			return id === undefined
				? undefined
				: { name: String(entry.name ?? entry.value ?? ''), value: id };
		});
	},
	/** Intent topics (`…/companies/prospecting/filters/intentTopics`): the search takes their names. */
	async getCompanyIntentTopics(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await catalogue(this, 'company', 'intentTopics', named);
	},
	/**
	 * Intent categories of company signals (`GET /v3/companies/signals/filters/intentCategories`,
	 * which takes no `query`): Get Signals sends their names.
	 */
	async getCompanyIntentCategories(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await catalogue(this, 'company', 'intentCategories', named, { source: 'signals' });
	},
	/** Company size ranges (`…/companies/prospecting/filters/sizes`), smallest first. */
	async getCompanySizes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await catalogue(this, 'company', 'sizes', ranged(' employees'), { order: bySmallest });
	},
	/** Revenue ranges (`…/companies/prospecting/filters/revenues`), smallest first. */
	async getCompanyRevenues(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await catalogue(this, 'company', 'revenues', ranged(''), { order: bySmallest });
	},
	/** SIC codes (`…/companies/prospecting/filters/sics`, `{ code, label }`): the search takes codes. */
	async getCompanySicCodes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await catalogue(this, 'company', 'sics', coded);
	},
	/** NAICS codes (`…/companies/prospecting/filters/naics`, `{ code, label }`). */
	async getCompanyNaicsCodes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await catalogue(this, 'company', 'naics', coded);
	},
};

/** The service searches these catalogues by the user's text: 2 to 256 characters. */
const QUERY_MIN = 2;
const QUERY_MAX = 256;

/**
 * The entries of a catalogue the service searches by the user's text (`?query=`), as list items
 * sorted by name, each value once. Under 2 characters nothing is asked (the service would refuse).
 */
async function searched(
	ctx: ILoadOptionsFunctions,
	kind: EntityKind,
	name: string,
	what: string,
	filter: string | undefined,
	item: (entry: IDataObject) => INodeListSearchItems | undefined,
): Promise<INodeListSearchResult> {
	const query = (filter ?? '').trim();
	if (query.length < QUERY_MIN) return { results: [] };
	if (query.length > QUERY_MAX) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The search text is ${query.length} characters long; the service takes at most ${QUERY_MAX}`,
			{ description: `Type a shorter part of the ${what}.` },
		);
	}
	const seen = new Set<string>();
	const results = (await filterValues(ctx, kind, name, query))
		.map(item)
		.filter((found): found is INodeListSearchItems => {
			if (!found?.name || typeof found.value !== 'string' || !found.value) return false;
			if (seen.has(found.value)) return false;
			seen.add(found.value);
			return true;
		})
		.sort(byName);
	return { results };
}

/** Technologies (`…/companies/prospecting/filters/technologies?query=`), for the filter Technology. */
export async function searchTechnologies(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await searched(this, 'company', 'technologies', 'technology name', filter, (entry) => {
		const value = String(entry.value ?? entry.name ?? '');
		return { name: value, value };
	});
}

/**
 * Company names (`…/companies/prospecting/filters/names?query=`, `{ companyId, name, fqdn }`), for
 * the filter Company Name: the search takes the name; the domain shows which company it is.
 */
export async function searchCompanyNames(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await searched(this, 'company', 'names', 'company name', filter, (entry) => {
		const name = String(entry.name ?? '').trim();
		const domain = typeof entry.fqdn === 'string' ? entry.fqdn : '';
		return { name: domain ? `${name} (${domain})` : name, value: name };
	});
}

/** A location entry as a list item: its readable name, the location as JSON (what the search takes). */
const locationItem = (entry: IDataObject): INodeListSearchItems | undefined => {
	const location = locationOf(entry);
	return location && { name: locationName(location), value: JSON.stringify(location) };
};

/** Contact locations (`…/contacts/prospecting/filters/locations?query=`). */
export async function searchContactLocations(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await searched(this, 'contact', 'locations', 'place name', filter, locationItem);
}

/** Company locations (`…/companies/prospecting/filters/locations?query=`). */
export async function searchCompanyLocations(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await searched(this, 'company', 'locations', 'place name', filter, locationItem);
}
