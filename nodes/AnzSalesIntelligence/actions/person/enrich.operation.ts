import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { compact, firstOf, simplifyField } from '../../../shared/descriptions';
import { lookupOptions } from '../../../enrichment/fields';
import {
	emailIdentifier,
	identifierProperties,
	personUrlIdentifier,
	identifierPreparer,
	profileSlugIdentifier,
} from '../../../enrichment/identifiers';
import { runLookups } from '../../../enrichment/lookups';
import { transport } from '../../transport';

const IDENTIFIERS = [
	emailIdentifier('email'),
	profileSlugIdentifier('network_slug'),
	personUrlIdentifier('network_url'),
];

const properties: INodeProperties[] = [
	...identifierProperties(IDENTIFIERS, 'networkUrl', 'person'),
	simplifyField,
	lookupOptions('person'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['person'], operation: ['enrich'] } },
	properties,
);

const prepare = identifierPreparer(IDENTIFIERS);

/** The fields most workflows map, flat. */
export function simplifyPerson(record: IDataObject): IDataObject {
	const company = (record.current_company ?? {}) as IDataObject;
	const emails = (record.emails ?? {}) as IDataObject;
	return compact({
		id: record.id,
		name: record.name,
		firstName: record.first_name,
		lastName: record.last_name,
		position: record.position,
		seniority: record.seniority,
		department: record.department,
		companyName: company.name,
		companyWebsite: company.website,
		workEmail: firstOf(emails.work, 'value'),
		personalEmail: firstOf(emails.personal, 'value'),
		phone: firstOf(record.phones, 'value'),
		networkUrl: record.linkedin,
		location: Array.isArray(record.location) ? record.location.join(', ') : record.location,
	});
}

export async function executeBatch(this: IExecuteFunctions) {
	return await runLookups.call(this, {
		noun: 'person',
		batchSize: 1,
		prepare,
		send: async function (this: IExecuteFunctions, chunk) {
			return await transport.lookupOne(this, '/enrich/person', chunk);
		},
		format(record, itemIndex) {
			return (this.getNodeParameter('simplify', itemIndex, true) as boolean)
				? simplifyPerson(record)
				: record;
		},
	});
}
