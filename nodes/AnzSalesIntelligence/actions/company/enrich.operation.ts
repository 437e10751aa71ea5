import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

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
import { enrichByIdentifier } from '../../transport';
import type { AnzSalesIntelligenceMap } from '../node.type';

export const operation = 'enrich' satisfies AnzSalesIntelligenceMap['company'];

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

export const description = updateDisplayOptions(
	{ show: { resource: ['company'], operation: [operation] } },
	properties,
);

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

/**
 * Service API: `GET /company` with the identifier as query parameter. Contract: `POST /enrich/company` with it
 * as body.
 */
export async function executeBatch(this: IExecuteFunctions) {
	return await enrichByIdentifier.call(this, {
		noun: 'company',
		servicePath: '/company',
		contractPath: '/enrich/company',
		prepare,
		simplify: simplifyCompany,
	});
}
