import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { client } from '../transport';
import { filterValues, type EntityKind } from '../transport/signals';

/**
 * The service's prospecting filter catalogues as picker options. Each catalogue names its entries
 * its own way (`{ id, value }`, `{ value }`, `{ code, name }`): the option shows the name and keeps
 * the value the search filter takes.
 */
async function catalogue(
	ctx: ILoadOptionsFunctions,
	kind: EntityKind,
	name: string,
	valueOf: (entry: IDataObject) => unknown,
): Promise<INodePropertyOptions[]> {
	const entries = await filterValues(ctx, kind, name);
	return entries
		.map((entry) => ({
			name: String(entry.value ?? entry.name ?? entry.label ?? ''),
			value: valueOf(entry) as string | number,
		}))
		.filter((option) => option.name && option.value !== undefined && option.value !== '')
		.sort((a, b) => a.name.localeCompare(b.name));
}

export const filterOptions = {
	/**
	 * Industries for the filter "Industry Names or IDs": the service's own list (`GET
	 * /v3/companies/prospecting/filters/industriesLabels`, free), as name → main industry ID. The
	 * connection contract offers no list.
	 */
	async getIndustries(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		if ((await client.api(this)) === 'contract') {
			throw new NodeOperationError(
				this.getNode(),
				"The industry list comes from the service's own API; on the connection contract, type industry names in the Industry filter",
			);
		}
		const { body: answer } = await client.apiRequestOk(this, {
			method: 'GET',
			path: '/v3/companies/prospecting/filters/industriesLabels',
			itemIndex: 0,
			safeToRepeat: true,
		});
		// `{ values: [{ main_industry, main_industry_id, sub_industries: [{ id, value }] }] }`.
		const values = ((answer ?? {}) as IDataObject).values;
		const list = (Array.isArray(values) ? values : []) as IDataObject[];
		return list
			.map((industry) => ({
				name: String(industry.main_industry ?? ''),
				value: Number(industry.main_industry_id),
			}))
			.filter((option) => option.name && Number.isInteger(option.value) && option.value > 0)
			.sort((a, b) => a.name.localeCompare(b.name));
	},
	/** Departments (`…/contacts/prospecting/filters/departments`): the search takes their names. */
	async getContactDepartments(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await catalogue(this, 'contact', 'departments', (entry) => entry.value);
	},
	/** Seniority levels (`…/contacts/prospecting/filters/seniority`): the search takes their IDs. */
	async getContactSeniorities(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await catalogue(this, 'contact', 'seniority', (entry) => entry.id);
	},
	/** Intent topics (`…/companies/prospecting/filters/intentTopics`): the search takes their names. */
	async getCompanyIntentTopics(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await catalogue(this, 'company', 'intentTopics', (entry) => entry.value);
	},
};

/** The service searches these catalogues by the user's text: 2 to 256 characters. */
const QUERY_MIN = 2;
const QUERY_MAX = 256;

/**
 * Technologies matching the user's text (`…/companies/prospecting/filters/technologies?query=`),
 * for the search filter Technology. Under 2 characters nothing is asked (the service would refuse).
 */
export async function searchTechnologies(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const query = (filter ?? '').trim();
	if (query.length < QUERY_MIN) return { results: [] };
	if (query.length > QUERY_MAX) {
		throw new NodeOperationError(
			this.getNode(),
			`The search text is ${query.length} characters long; the service takes at most ${QUERY_MAX}`,
			{ description: 'Type a shorter part of the technology name.' },
		);
	}
	const entries = await filterValues(this, 'company', 'technologies', query);
	return {
		results: entries
			.map((entry) => String(entry.value ?? entry.name ?? ''))
			.filter(Boolean)
			.map((value) => ({ name: value, value })),
	};
}
