import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { compact, firstOf, simplifyField } from '../../../shared/descriptions';
import { lookupOptions } from '../../../enrichment/fields';
import {
	emailIdentifier,
	identifierProperties,
	personUrlIdentifier,
	identifierPreparer,
	profileSlugIdentifier,
} from '../../../enrichment/identifiers';
import { fromChecked } from '../../../enrichment/lookups';
import { enrichByIdentifier } from '../../transport';
import { defineOperation } from '../../../shared/operation';

const IDENTIFIERS = [
	emailIdentifier('email', 'work_email'),
	profileSlugIdentifier('network_slug', 'ln_slug'),
	personUrlIdentifier('network_url', 'ln_url'),
];

const properties: INodeProperties[] = [
	...identifierProperties(IDENTIFIERS, 'networkUrl', 'person'),
	simplifyField,
	lookupOptions('person'),
];

const prepare = identifierPreparer(IDENTIFIERS);

/** The fields most workflows map, flat. */
function simplifyPerson(record: IDataObject): IDataObject {
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

export const operation = defineOperation({
	option: {
		name: 'Enrich',
		value: 'enrich',
		description:
			'Get the profile of a person from a profile URL, email or profile slug. 1-2 credits when found, none on a miss (found: false).',
		action: 'Enrich a person by email profile link or profile slug',
	},
	fields: properties,
	check(itemIndex) {
		return prepare.call(this, itemIndex);
	},
	/**
	 * Service API: `GET /people` with the identifier as query parameter. Contract:
	 * `POST /enrich/person` with it as body.
	 */
	async runBatch(items) {
		return await enrichByIdentifier.call(this, {
			noun: 'person',
			servicePath: '/people',
			contractPath: '/enrich/person',
			prepare: fromChecked(items),
			simplify: simplifyPerson,
		});
	},
});
