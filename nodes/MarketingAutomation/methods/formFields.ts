import type {
	FieldType,
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { readFormFields } from '../actions/form/formFields';

/** The form's data types as the resource mapper's input widgets. */
function fieldType(dataType: unknown): FieldType {
	switch (dataType) {
		case 'number':
		case 'currency':
		case 'range':
			return 'number';
		case 'date':
			return 'dateTime';
		default:
			return 'string';
	}
}

/**
 * Form → Submit's fields: the picked form's own fields by REST name, its required ones marked.
 * The lead is matched on `email`, which every fill needs, so it is the key and always required.
 */
export async function getFormFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const form = String(this.getCurrentNodeParameter('form', { extractValue: true }) ?? '').trim();
	if (!/^\d+$/.test(form)) return { fields: [], emptyFieldsNotice: 'Pick a form first' };
	const fields: ResourceMapperField[] = (await readFormFields(this, Number(form)))
		.filter((field) => field.id !== undefined)
		.map((field) => {
			const id = String(field.id);
			const label = String(field.label ?? '')
				.replace(/:\s*$/, '')
				.trim();
			return {
				id,
				displayName: label && label !== id ? `${label} (${id})` : id,
				required: id === 'email' || field.required === true,
				defaultMatch: id === 'email',
				canBeUsedToMatch: id === 'email',
				display: true,
				type: fieldType(field.dataType),
			};
		});
	return {
		fields,
		...(fields.length ? {} : { emptyFieldsNotice: 'This form has no fields' }),
	};
}
