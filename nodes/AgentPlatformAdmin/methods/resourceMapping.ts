import type {
	FieldType,
	IDataObject,
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { readTool } from '../transport/tools';

/** The inputs of the picked tool, from its input schema (`params_schema`), as Tool → Run's fields. */

const FIELD_TYPES: Record<string, FieldType> = {
	string: 'string',
	number: 'number',
	integer: 'number',
	boolean: 'boolean',
	object: 'object',
	array: 'array',
};

export async function getToolInputs(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const toolId = String(
		this.getNodeParameter('toolId', undefined, { extractValue: true }) ?? '',
	).trim();
	if (!toolId) return { fields: [], emptyFieldsNotice: 'Pick a tool first' };
	const schema = ((await readTool(this, toolId)).params_schema ?? {}) as IDataObject;
	const properties = (schema.properties ?? {}) as Record<string, IDataObject>;
	const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
	const fields: ResourceMapperField[] = Object.entries(properties).map(([id, property]) => ({
		id,
		displayName: String(property.title ?? id),
		required: required.has(id),
		defaultMatch: false,
		display: true,
		type: FIELD_TYPES[String(property.type)] ?? 'string',
		canBeUsedToMatch: false,
	}));
	return {
		fields,
		...(fields.length ? {} : { emptyFieldsNotice: 'This tool takes no inputs' }),
	};
}
