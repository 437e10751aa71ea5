import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { describeLeads } from '../actions/lead/leadDescribe';
import { byName, fieldLabel } from '../methods/fieldLabel';
import { apiRead, readRequest } from '../transport';
import { collectByOffset, collectByToken } from '../transport/paging';

const option = (record: IDataObject): INodePropertyOptions => ({
	name: String(record.name ?? record.id),
	value: String(record.id),
});

/** The instance's activity types, custom ones included (`activities/types.json`). */
export async function getActivityTypes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const answer = await apiRead.call(this, '/rest/v1/activities/types.json');
	return (answer.result ?? [])
		.map((type) => ({ ...option(type), description: String(type.description ?? '') }))
		.sort(byName);
}

/**
 * Lead fields by display name: a field change activity names the field by its display name
 * (its primary attribute), so that is the value matched.
 */
export async function getFieldNames(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { fields } = await describeLeads(this);
	return (fields ?? [])
		.filter((field) => field.displayName ?? field.name)
		.map((field) => ({
			name: fieldLabel(String(field.name ?? field.displayName), field.displayName),
			value: String(field.displayName ?? field.name),
		}))
		.sort(byName);
}

/** Static lists (`lists.json`, paged by token). */
export async function getLists(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const lists = await collectByToken(this, readRequest('/rest/v1/lists.json'));
	return lists.map(option).sort(byName);
}

/** Programs (`programs.json`, paged by offset). */
export async function getPrograms(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const programs = await collectByOffset(this, readRequest('/rest/asset/v1/programs.json'));
	return programs.map(option).sort(byName);
}
