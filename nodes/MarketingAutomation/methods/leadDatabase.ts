import type {
	ILoadOptionsFunctions,
	INodePropertyOptions,
	ResourceMapperField,
	ResourceMapperFields,
	FieldType,
} from 'n8n-workflow';

import { apiRead } from '../transport';
import {
	describeObject,
	OBJECT_KINDS,
	objectPath,
	COMPOUND_FILTER,
	CUSTOM_OBJECT_PARAMETER,
	type ObjectDescribe,
	type ObjectKeys,
	type ObjectResource,
} from '../actions/leadDatabase/objects';
import { MEMBERS_OBJECT } from '../actions/programMember/fields';
import { byName, fieldLabel, fieldOptions, searchableOptions } from './fieldLabel';

/** The describe of the object the editor is on (its resource, and its custom object type). */
async function currentDescribe(ctx: ILoadOptionsFunctions): Promise<ObjectDescribe | undefined> {
	const resource = String(ctx.getCurrentNodeParameter('resource') ?? '') as ObjectResource;
	if (!Object.prototype.hasOwnProperty.call(OBJECT_KINDS, resource)) return undefined;
	let custom: string | undefined;
	if (resource === 'customObject') {
		custom = String(ctx.getCurrentNodeParameter(CUSTOM_OBJECT_PARAMETER) ?? '').trim();
		if (!custom) return undefined;
	}
	return await describeObject(ctx, objectPath(OBJECT_KINDS[resource], custom));
}

/** The instance's custom object types (`GET /rest/v1/customobjects.json`). */
export async function getCustomObjectTypes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const answer = await apiRead.call(this, '/rest/v1/customobjects.json');
	return (answer.result ?? [])
		.filter((type) => type.name)
		.map((type) => ({
			name: fieldLabel(String(type.name), type.displayName as string | undefined),
			value: String(type.name),
			description: type.description ? String(type.description) : undefined,
		}))
		.sort(byName);
}

/** Single searchable fields of the object, plus its compound dedupe key where it has one. */
export async function getObjectFilterTypes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const describe = await currentDescribe(this);
	if (!describe) return [];
	const options: INodePropertyOptions[] = searchableOptions(describe);
	if (describe.dedupeFields.length > 1) {
		options.push({
			name: `Dedupe Key (${describe.dedupeFields.join(' + ')})`,
			value: COMPOUND_FILTER,
			description: 'Give the key values as JSON objects',
		});
	}
	return options.sort(byName);
}

/** Every field of the object (its describe's `fields`). */
export async function getObjectFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const describe = await currentDescribe(this);
	return fieldOptions(describe?.fields ?? [], (field) => field.dataType);
}

/** The service's data types as the resource mapper's input widgets. */
function fieldType(dataType?: string): FieldType {
	switch (dataType) {
		case 'integer':
		case 'float':
		case 'currency':
		case 'percent':
		case 'score':
		case 'reference':
			return 'number';
		case 'boolean':
			return 'boolean';
		case 'date':
		case 'datetime':
			return 'dateTime';
		default:
			return 'string';
	}
}

/** A describe field as a column of the resource mapper; the mappers differ in what is matched on. */
export function columnOf(
	field: { name?: string; dataType?: string },
	displayName: string,
	match = { defaultMatch: false, canBeUsedToMatch: false },
): ResourceMapperField {
	const type = fieldType(field.dataType);
	return { id: String(field.name), displayName, required: false, ...match, display: true, type };
}

/**
 * A key field's label says which key it is: the dedupe key, which a record needs unless it is
 * matched on its ID field (Update Existing, Skip New), or the ID field.
 */
function keyMark(name: string, keys: ObjectKeys): string {
	if (keys.dedupeFields.includes(name)) return ' [Key, Required to Create]';
	return name === keys.idField ? ' [ID]' : '';
}

/**
 * The object's columns for the resource mapper: its writable fields and its keys, the keys marked.
 * The dedupe fields are matched on by default; the ID field can be matched on (with updateOnly).
 * No field is `required` for n8n: a record matched on its ID field needs no dedupe key.
 */
export async function getObjectColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const describe = await currentDescribe(this);
	if (!describe) return { fields: [] };
	const keys = new Set([describe.idField, ...describe.dedupeFields]);
	const fields: ResourceMapperField[] = (describe.fields ?? [])
		.filter((field) => field.name && (field.updateable !== false || keys.has(field.name)))
		.map((field) => {
			const name = String(field.name);
			return columnOf(field, `${fieldLabel(name, field.displayName)}${keyMark(name, describe)}`, {
				defaultMatch: describe.dedupeFields.includes(name),
				canBeUsedToMatch: keys.has(name),
			});
		});
	return { fields };
}

/** The members' writable fields for the resource mapper (the lead is Lead ID, not a column). */
export async function getProgramMemberColumns(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const describe = await describeObject(this, MEMBERS_OBJECT);
	const fields: ResourceMapperField[] = (describe.fields ?? [])
		.filter((field) => field.name && field.name !== 'leadId' && field.updateable !== false)
		.map((field) => columnOf(field, fieldLabel(String(field.name), field.displayName)));
	return { fields };
}

/** Member fields that can be written: updateable ones (custom fields included). */
export async function getProgramMemberFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const describe = await describeObject(this, MEMBERS_OBJECT);
	return fieldOptions(
		(describe.fields ?? []).filter((field) => field.name !== 'leadId'),
		(field) => `${field.dataType ?? ''}${field.updateable === false ? ', read-only' : ''}`,
	);
}

/** Searchable single member fields (custom fields, reachedSuccess, statusName, …). */
export async function getProgramMemberFilterTypes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return searchableOptions(await describeObject(this, MEMBERS_OBJECT)).sort(byName);
}
