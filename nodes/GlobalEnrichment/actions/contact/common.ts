import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact, firstOf } from '../../../shared/descriptions';
import {
	emailIdentifier,
	identifierProperties,
	personUrlIdentifier,
	prepareIdentifier,
} from '../../../enrichment/identifiers';
import { invalidInput } from '../../../enrichment/lookupErrors';
import type { Lookup } from '../../../enrichment/types';
import { echo } from '../../../shared/echo';
import { checkDomain, normalizeName } from '../../../enrichment/validation';
import type { LookupResource } from '../../../enrichment/service';
import { itemParameter } from '../../../shared/itemParameters';

const IDENTIFIERS = [emailIdentifier('email'), personUrlIdentifier('networkUrl', 'linkedinUrl')];

const NAME_FIELDS: Array<{
	name: string;
	displayName: string;
	placeholder?: string;
	description?: string;
}> = [
	{ name: 'firstName', displayName: 'First Name' },
	{ name: 'lastName', displayName: 'Last Name' },
	{
		name: 'company',
		displayName: 'Company',
		placeholder: 'e.g. Example Inc or example.com',
		description: 'Name or domain of the company the contact works for',
	},
];

/** How a contact is identified: the spec's three identifying sets. */
const contactIdentifierProperties: INodeProperties[] = [
	...identifierProperties(IDENTIFIERS, 'email', 'contact', [
		{ name: 'Name and Company', value: 'name', description: 'First name, last name and company' },
	]),
	...NAME_FIELDS.map(
		(field): INodeProperties => ({
			...field,
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { identifyBy: ['name'] } },
		}),
	),
];

/** Validates item `itemIndex`'s contact identifiers and builds its lookup (body of `POST /person`). */
function prepareContact(this: IExecuteFunctions, itemIndex: number): Lookup {
	const identifyBy = itemParameter<string>(this, 'identifyBy', itemIndex, '');
	if (identifyBy !== 'name') return prepareIdentifier(this, itemIndex, IDENTIFIERS, identifyBy);
	const input: IDataObject = {};
	const request: IDataObject = {};
	for (const { name, displayName } of NAME_FIELDS) {
		input[name] = String(itemParameter<unknown>(this, name, itemIndex, '') ?? '');
		const value = normalizeName(String(input[name]));
		const fix =
			'Identifying by name needs the first name, the last name and the company; or change "Identify By".';
		if (!value) invalidInput(this, itemIndex, `"${displayName}"`, 'it is empty', fix, name);
		if (name !== 'company' && (value.includes('@') || /[/:]/.test(value))) {
			invalidInput(
				this,
				itemIndex,
				`"${displayName}"`,
				`"${echo(value)}" looks like an email address or URL, not a name`,
				'Set "Identify By" to Email or Network Profile URL for such values.',
				name,
			);
		}
		request[name] = value;
	}
	const key = `name:${NAME_FIELDS.map(({ name }) => String(request[name]).toLowerCase()).join('|')}`;
	// The service's own API takes the company as a name or as a domain.
	const company = String(request.company);
	const service: IDataObject = {
		firstName: request.firstName,
		lastName: request.lastName,
		...('value' in checkDomain(company) && !/\s/.test(company)
			? { companyDomain: company.toLowerCase() }
			: { companyName: company }),
	};
	return { key, request, service, input };
}

/** The fields most workflows map, flat. */
function simplifyContact(record: IDataObject): IDataObject {
	const jobTitle = (record.jobTitle ?? {}) as IDataObject;
	const company = (record.company ?? {}) as IDataObject;
	const location = (record.location ?? {}) as IDataObject;
	const social = (record.socialLinks ?? {}) as IDataObject;
	return compact({
		id: record.id,
		fullName:
			record.fullName ??
			([record.firstName, record.lastName].filter(Boolean).join(' ') || undefined),
		firstName: record.firstName,
		lastName: record.lastName,
		email: firstOf(record.emailAddresses ?? record.emails, 'email'),
		phone: firstOf(record.phoneNumbers ?? record.phones, 'number'),
		jobTitle: jobTitle.title,
		seniority: jobTitle.seniority,
		companyName: company.name,
		companyDomain: company.domain,
		country: location.country,
		state: location.state,
		city: location.city,
		networkUrl: social.linkedin,
	});
}

/** What the contact's Find and Enrich share (see `lookupOperation`); Search simplifies alike. */
export const contactLookup: LookupResource = {
	noun: 'contact',
	identifierProperties: contactIdentifierProperties,
	prepare: prepareContact,
	simplify: simplifyContact,
};
