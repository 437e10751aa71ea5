import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

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
			name: String(entry.value ?? entry.name ?? entry.description ?? ''),
			value: valueOf(entry) as string | number,
		}))
		.filter((option) => option.name && option.value !== undefined && option.value !== '')
		.sort((a, b) => a.name.localeCompare(b.name));
}

export const filterOptions = {
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
