import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { apiRequest } from '../transport';
import { fieldLabel } from './fieldLabel';

interface Describe {
	searchableFields?: string[][];
	fields?: Array<{ name?: string; displayName?: string; dataType?: string }>;
}

async function describeLeads(ctx: ILoadOptionsFunctions): Promise<Describe> {
	const answer = await apiRequest.call(ctx, {
		method: 'GET',
		safeToRepeat: true,
		path: '/rest/v1/leads/describe2.json',
	});
	return (answer.result?.[0] ?? {}) as IDataObject as Describe;
}

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

/** Single-field searchable keys of the instance (`describe2.json` `searchableFields`). */
export async function getFilterTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const describe = await describeLeads(this);
	const labels = new Map((describe.fields ?? []).map((f) => [f.name, f.displayName]));
	return (describe.searchableFields ?? [])
		.filter((key) => Array.isArray(key) && key.length === 1)
		.map(([name]) => ({ name: fieldLabel(name, labels.get(name)), value: name }))
		.sort(byName);
}

/** Every lead field of the instance by API name (`describe2.json` `fields`). */
export async function getLeadFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const describe = await describeLeads(this);
	return (describe.fields ?? [])
		.filter((field) => field.name)
		.map((field) => ({
			name: fieldLabel(String(field.name), field.displayName),
			value: field.name as string,
			description: field.dataType,
		}))
		.sort(byName);
}

/** The instance's activity types (standard and custom), by name. */
export async function getActivityTypes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const answer = await apiRequest.call(this, {
		method: 'GET',
		path: '/rest/v1/activities/types.json',
		safeToRepeat: true,
	});
	return (answer.result ?? [])
		.filter((type) => type.id !== undefined)
		.map((type) => ({ name: String(type.name ?? type.id), value: Number(type.id) }))
		.sort(byName);
}
