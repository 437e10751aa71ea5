import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import {
	companySizeOptions,
	listFilter,
	searchFiltersCollection,
} from '../../../enrichment/fields';
import { collectPages } from '../../../enrichment/paging';
import { echo } from '../../../shared/echo';
import type { EnrichmentApi } from '../../../enrichment/types';
import { client } from '../../transport';
import {
	DEPARTMENT_OPTIONS,
	expandLocations,
	LOCATION_OPTIONS,
	SENIORITY_OPTIONS,
} from './filters';
import { defineOperation } from '../../../shared/operation';

/** The service serves at most this many people per page (`size`). */
export const SEARCH_PAGE_SIZE = 100;

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	searchFiltersCollection([
		{
			displayName: 'Company',
			name: 'company',
			type: 'string',
			default: '',
			placeholder: 'e.g. f000000117274 (Service API) or Example Pty Ltd (contract)',
			description:
				"Company the person currently works for. Service API (the credential's default): the company's ID, such as f000000117274, from Company → Enrich. Connection contract: its name or domain.",
		},
		listFilter(
			'Company Size',
			'companySize',
			companySizeOptions,
			"Connection contract only: the service's own API has no company-size filter and its results carry no company size, so the node refuses it there rather than return every size",
		),
		listFilter('Department', 'department', DEPARTMENT_OPTIONS),
		listFilter(
			'Location',
			'location',
			LOCATION_OPTIONS,
			"A whole country, or Australian states and territories and New Zealand regions. The service's own API filters by country only (its results carry no state), so it refuses states and regions; the connection contract takes both.",
		),
		{
			displayName: 'Position',
			name: 'position',
			type: 'string',
			default: '',
			placeholder: 'e.g. Marketing Manager',
			description: 'Job title, matched as words',
		},
		listFilter('Seniority', 'seniority', SENIORITY_OPTIONS),
	]),
];

/** The request body's filter part, from the Filters collection. */
function filterBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const filters = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	const text = (value: unknown) => String(value ?? '').trim();
	if (text(filters.company)) body.company = text(filters.company);
	if (text(filters.position)) body.position = text(filters.position);
	const lists: Array<[string, string]> = [
		['seniority', 'seniority'],
		['department', 'department'],
		['location', 'locations'],
		['companySize', 'company_size'],
	];
	for (const [field, wire] of lists) {
		const values = filters[field] as unknown[] | undefined;
		if (Array.isArray(values) && values.length) body[wire] = values;
	}
	return body;
}

/**
 * The service's own search body (`POST /people/search`): `selectedCountry` from the chosen AU
 * states or NZ regions (one country), `companyId`, `position`, and the seniority and department
 * IDs (comma-separated strings, as the service's clients send them).
 */
function serviceBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const filters = filterBody(ctx, itemIndex);
	const refuse = (field: string, reason: string) =>
		new NodeOperationError(
			ctx.getNode(),
			`Invalid ${field} filter in item ${itemIndex}: ${reason}`,
			{
				itemIndex,
				description:
					"The service's own search takes a company ID, one country, seniority, department and position; use the connection contract for the other filters. No request was sent.",
			},
		);
	const body: IDataObject = {};
	if (filters.company !== undefined) {
		const company = String(filters.company);
		if (!/^f\d+$/i.test(company)) {
			throw refuse(
				'Company',
				`the service's own API takes the company's ID (such as f000000117274), not "${echo(company)}"; get the ID from Company → Enrich`,
			);
		}
		body.companyId = company.toLowerCase();
	}
	if (filters.company_size !== undefined) {
		throw refuse(
			'Company Size',
			"the service's own search has no company-size filter; remove it or use the connection contract",
		);
	}
	if (filters.locations !== undefined) {
		const places = (filters.locations as string[]).filter((code) => code.includes('-'));
		if (places.length) {
			throw refuse(
				'Location',
				`the service's own search filters by country only and its results carry no state or region, so ${places.join(', ')} would return people from the whole country; choose Australia or New Zealand (all), or use the connection contract`,
			);
		}
		const countries = [...new Set((filters.locations as string[]).map((code) => code.slice(0, 2)))];
		if (countries.length > 1) {
			throw refuse(
				'Location',
				"the service's own search takes one country; choose places in Australia or in New Zealand, not both",
			);
		}
		body.selectedCountry = countries[0];
	}
	if (filters.position !== undefined) body.position = filters.position;
	if (filters.seniority !== undefined) body.seniority = (filters.seniority as number[]).join(',');
	if (filters.department !== undefined) {
		body.department = (filters.department as number[]).join(',');
	}
	return body;
}

function bodyFor(ctx: IExecuteFunctions, itemIndex: number, api: EnrichmentApi): IDataObject {
	if (api === 'service') return serviceBody(ctx, itemIndex);
	const body = filterBody(ctx, itemIndex);
	// The contract filters by state and region: a whole country goes out as all of its places.
	if (body.locations) body.locations = expandLocations(body.locations as string[]);
	return body;
}

/** The item's filters as its API takes them: refused here, so before any item's search is sent. */
async function check(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	if (Object.keys(filterBody(this, itemIndex)).length === 0) {
		throw new NodeOperationError(this.getNode(), `No search filter in item ${itemIndex}`, {
			itemIndex,
			description:
				'Add at least one filter (company, position, seniority, department, location or company size): an unfiltered search would page through the whole database and spend credits. No request was sent.',
		});
	}
	return bodyFor(this, itemIndex, await client.api(this));
}

/**
 * Service API: `POST /people/search`; contract: `POST /search/people`; both page with `from` and
 * `size` and answer a list of people (a bare array or `{ records, total }`).
 */
async function run(
	this: IExecuteFunctions,
	itemIndex: number,
	filters: IDataObject,
): Promise<IDataObject[]> {
	const api = await client.api(this);
	return await collectPages(
		{ limit: limitOf(this, itemIndex), maxPageSize: SEARCH_PAGE_SIZE, fixedPageSize: false },
		async (_page, offset, size) => {
			const answer = await client.apiRequestOk(this, {
				method: 'POST',
				path: api === 'service' ? '/people/search' : '/search/people',
				body: { ...filters, from: offset, size },
				itemIndex,
				safeToRepeat: true,
			});
			const body = answer.body as IDataObject | IDataObject[];
			// The service answers `{ records, total }`; a bare array is accepted as well.
			const records = (Array.isArray(body) ? body : (body?.records ?? [])) as IDataObject[];
			const total = Array.isArray(body) ? undefined : (body?.total as number | undefined);
			return { records, total };
		},
	);
}

export const operation = defineOperation({
	option: {
		name: 'Search',
		value: 'search',
		description:
			'Find people by company, position, seniority, department, location and company size',
		action: 'Search people by company, position, seniority, and location',
	},
	fields: properties,
	check,
	run,
});
