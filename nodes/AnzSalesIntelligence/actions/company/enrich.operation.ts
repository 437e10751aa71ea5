import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { compact, simplifyField } from '../../../shared/descriptions';
import { lookupOptions } from '../../../enrichment/fields';
import {
	abnIdentifier,
	companyUrlIdentifier,
	domainIdentifier,
	identifierProperties,
	identifierPreparer,
	websiteIdentifier,
} from '../../../enrichment/identifiers';
import { fromChecked } from '../../../enrichment/lookups';
import { enrichByIdentifier } from '../../transport';
import { defineOperation } from '../../../shared/operation';

const IDENTIFIERS = [
	abnIdentifier('abn'),
	domainIdentifier('domain', 'fqdn'),
	companyUrlIdentifier('network_url', 'ln_url'),
	websiteIdentifier('website'),
];

const properties: INodeProperties[] = [
	...identifierProperties(IDENTIFIERS, 'domain', 'company'),
	simplifyField,
	lookupOptions('company'),
];

const prepare = identifierPreparer(IDENTIFIERS);

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
		action: 'Enrich a company by domain website business number or profile link',
	},
	fields: properties,
	check(itemIndex) {
		return prepare.call(this, itemIndex);
	},
	/**
	 * Service API: `GET /company` with the identifier as query parameter. Contract: `POST /enrich/company` with it
	 * as body.
	 */
	async runBatch(items) {
		return await enrichByIdentifier.call(this, {
			noun: 'company',
			servicePath: '/company',
			contractPath: '/enrich/company',
			prepare: fromChecked(items),
			simplify: simplifyCompany,
		});
	},
});
