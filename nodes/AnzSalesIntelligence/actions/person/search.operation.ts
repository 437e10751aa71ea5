import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { companySizeOptions, searchFiltersCollection } from '../../../enrichment/fields';
import { collectPages } from '../../../enrichment/paging';
import { transport } from '../../transport';
import { DEPARTMENT_OPTIONS, LOCATION_OPTIONS, SENIORITY_OPTIONS } from './filters';

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
			placeholder: 'e.g. Example Pty Ltd',
			description: 'Company name or domain the person currently works for',
		},
		{
			displayName: 'Company Size',
			name: 'companySize',
			type: 'multiOptions',
			options: companySizeOptions,
			default: [],
		},
		{
			displayName: 'Department',
			name: 'department',
			type: 'multiOptions',
			options: DEPARTMENT_OPTIONS,
			default: [],
		},
		{
			displayName: 'Location',
			name: 'location',
			type: 'multiOptions',
			options: LOCATION_OPTIONS,
			default: [],
			description: 'Australian states and territories, and New Zealand regions',
		},
		{
			displayName: 'Position',
			name: 'position',
			type: 'string',
			default: '',
			placeholder: 'e.g. Marketing Manager',
			description: 'Job title, matched as words',
		},
		{
			displayName: 'Seniority',
			name: 'seniority',
			type: 'multiOptions',
			options: SENIORITY_OPTIONS,
			default: [],
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['person'], operation: ['search'] } },
	properties,
);

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

export function validate(this: IExecuteFunctions, itemIndex: number): void {
	if (Object.keys(filterBody(this, itemIndex)).length === 0) {
		throw new NodeOperationError(this.getNode(), `No search filter in item ${itemIndex}`, {
			itemIndex,
			description:
				'Add at least one filter (company, position, seniority, department, location or company size): an unfiltered search would page through the whole database and spend credits. No request was sent.',
		});
	}
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = filterBody(this, itemIndex);
	return await collectPages(
		{ limit: limitOf(this, itemIndex), maxPageSize: SEARCH_PAGE_SIZE, fixedPageSize: false },
		async (_page, offset, size) => {
			const answer = await transport.apiRequestOk(this, {
				method: 'POST',
				path: '/search/people',
				body: { ...filters, from: offset, size },
				itemIndex,
			});
			const body = answer.body as IDataObject | IDataObject[];
			// The service answers `{ records, total }`; a bare array is accepted as well.
			const records = (Array.isArray(body) ? body : (body?.records ?? [])) as IDataObject[];
			const total = Array.isArray(body) ? undefined : (body?.total as number | undefined);
			return { records, total };
		},
	);
}
