import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { EXTRACT_REFUSED_ACTIVITY_TYPES } from '../helpers/exportJobs';
import { apiRead } from '../transport';
import { describeObject } from '../actions/leadDatabase/objects';
import { describeLeads } from '../actions/lead/leadDescribe';
import { MEMBERS_OBJECT } from '../actions/programMember/fields';
import { byName, fieldOptions, searchableOptions } from './fieldLabel';

/**
 * Single-field searchable keys of the instance (`describe2.json` `searchableFields`) that are lead
 * fields: `cookies` is searchable but no field (its values never come back to match), so it is not
 * offered; a saved workflow that uses it keeps working.
 */
export async function getFilterTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const describe = await describeLeads(this);
	const fields = new Set((describe.fields ?? []).map((field) => field.name));
	return searchableOptions(describe)
		.filter((option) => fields.has(option.value))
		.sort(byName);
}

/** Every lead field of the instance by API name (`describe2.json` `fields`). */
export async function getLeadFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const describe = await describeLeads(this);
	return fieldOptions(describe.fields ?? [], (field) => field.dataType);
}

/**
 * The columns a bulk extract can have: the lead fields, and for program members their member
 * fields first (the export joins each member with its lead).
 */
export async function getExtractFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const leadFields = await getLeadFields.call(this);
	if (this.getCurrentNodeParameter('object') !== 'programMembers') return leadFields;
	const members = await describeObject(this, MEMBERS_OBJECT);
	const memberFields = fieldOptions(members.fields ?? [], () => 'Member field');
	const taken = new Set(memberFields.map((field) => field.value));
	return [...memberFields, ...leadFields.filter((field) => !taken.has(String(field.value)))];
}

export {
	getCustomObjectTypes,
	getObjectFields,
	getObjectFilterTypes,
	getProgramMemberFields,
	getProgramMemberFilterTypes,
} from './leadDatabase';
export { getProgramChannels, getProgramMemberStatuses } from './programs';
/** The instance's activity types (standard and custom), by name. */
export async function getActivityTypes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const answer = await apiRead.call(this, '/rest/v1/activities/types.json');
	return (answer.result ?? [])
		.filter((type) => type.id !== undefined)
		.map((type) => ({ name: String(type.name ?? type.id), value: Number(type.id) }))
		.sort(byName);
}

/** The activity types a bulk extract takes: the instance's, without those it refuses. */
export async function getExtractActivityTypes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const types = await getActivityTypes.call(this);
	return types.filter((type) => !EXTRACT_REFUSED_ACTIVITY_TYPES.has(Number(type.value)));
}
