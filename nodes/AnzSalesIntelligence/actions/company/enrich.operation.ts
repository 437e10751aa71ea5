import type { IDataObject } from 'n8n-workflow';

import { compact } from '../../../shared/descriptions';
import {
	abnIdentifier,
	companyUrlIdentifier,
	domainIdentifier,
	identifierProperties,
	identifierPreparer,
	websiteIdentifier,
} from '../../../enrichment/identifiers';
import { lookupOperation } from '../../../enrichment/service';
import { lookupService } from '../../transport';
import { defineOperation } from '../../../shared/operation';

const IDENTIFIERS = [
	abnIdentifier('abn'),
	domainIdentifier('domain', 'fqdn'),
	companyUrlIdentifier('network_url', 'ln_url'),
	websiteIdentifier('website'),
];

/** The fields most workflows map, flat. */
function simplifyCompany(record: IDataObject): IDataObject {
	const codes = (record.industry_codes ?? {}) as IDataObject;
	return compact({
		id: record.id,
		name: record.name,
		domain: record.fqdn,
		website: record.website,
		abn: codes.abn ?? record.abn,
		industries: record.industries,
		companySize: record.company_size,
		employeeCount: record.au_employee_count,
		headquarters: record.hq_location,
		country: record.hq_country,
		states: record.states,
		networkUrl: record.linkedin,
		technologies: (record.nextGen as IDataObject | undefined)?.technographics,
	});
}

export const operation = defineOperation({
	option: {
		name: 'Enrich',
		value: 'enrich',
		description:
			'Get the profile of a company from its domain, company URL, ABN (11 digits, spaces allowed) or website. 1 credit when found, none on a miss (found: false).',
		action: 'Enrich a company by domain, website, business number, or profile link',
	},
	...lookupOperation(
		lookupService,
		{
			noun: 'company',
			identifierProperties: identifierProperties(IDENTIFIERS, 'domain', 'company'),
			prepare: identifierPreparer(IDENTIFIERS),
			simplify: simplifyCompany,
		},
		{
			service: { send: 'one', method: 'GET', path: '/company' },
			contract: { send: 'one', method: 'POST', path: '/enrich/company' },
		},
	),
});
