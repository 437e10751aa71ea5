import type { IDataObject } from 'n8n-workflow';

import { compact, firstOf } from '../../../shared/descriptions';
import {
	emailIdentifier,
	identifierProperties,
	personUrlIdentifier,
	identifierPreparer,
	profileSlugIdentifier,
} from '../../../enrichment/identifiers';
import { lookupOperation } from '../../../enrichment/service';
import { lookupService } from '../../transport';
import { defineOperation } from '../../../shared/operation';

const IDENTIFIERS = [
	emailIdentifier('email', 'work_email'),
	profileSlugIdentifier('network_slug', 'ln_slug'),
	personUrlIdentifier('network_url', 'ln_url'),
];

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
		action: 'Enrich a person by email, profile link, or profile slug',
	},
	...lookupOperation(
		lookupService,
		{
			noun: 'person',
			identifierProperties: identifierProperties(IDENTIFIERS, 'networkUrl', 'person'),
			prepare: identifierPreparer(IDENTIFIERS),
			simplify: simplifyPerson,
		},
		{
			service: { send: 'one', method: 'GET', path: '/people' },
			contract: { send: 'one', method: 'POST', path: '/enrich/person' },
		},
	),
});
