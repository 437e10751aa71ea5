import type {
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { describeLeads, lookupFieldsOf } from '../actions/lead/leadDescribe';
import { fieldLabel } from './fieldLabel';
import { columnOf } from './leadDatabase';

/**
 * A lookup field's label says it can identify a lead: `[ID]` for the lead's ID (which only
 * "Update Existing, Skip New" can match on), `[Key]` for the others.
 */
const keyMark = (name: string, lookupFields: Set<string>) => {
	if (!lookupFields.has(name)) return '';
	return name === 'id' ? ' [ID]' : ' [Key]';
};

/**
 * Lead → Create or Update's columns (version 2.1): the instance's writable lead fields
 * (`describe2.json`) and the fields a lead can be looked up by, those marked. The lookup field is
 * the column matched on, `email` by default. No field is `required` for n8n: Always Create a New
 * Lead needs no lookup value.
 */
export async function getLeadColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const describe = await describeLeads(this);
	const lookupFields = lookupFieldsOf(describe);
	const fields: ResourceMapperField[] = (describe.fields ?? [])
		.filter((field) => field.name && (field.updateable !== false || lookupFields.has(field.name)))
		.map((field) => {
			const name = String(field.name);
			return columnOf(
				field,
				`${fieldLabel(name, field.displayName)}${keyMark(name, lookupFields)}`,
				{
					defaultMatch: name === 'email',
					canBeUsedToMatch: lookupFields.has(name),
				},
			);
		});
	return { fields };
}
