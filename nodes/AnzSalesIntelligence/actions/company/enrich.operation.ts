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
import { runLookups } from '../../../enrichment/lookups';
import { transport } from '../../transport';

const IDENTIFIERS = [
	abnIdentifier('abn'),
	domainIdentifier('domain'),
	companyUrlIdentifier('network_url'),
	websiteIdentifier('website'),
];

const properties: INodeProperties[] = [
	...identifierProperties(IDENTIFIERS, 'domain', 'company'),
	simplifyField,
	lookupOptions('company'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['company'], operation: ['enrich'] } },
	properties,
);

const prepare = identifierPreparer(IDENTIFIERS);

/** The fields most workflows map, flat. */
export function simplifyCompany(record: IDataObject): IDataObject {
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

export async function executeBatch(this: IExecuteFunctions) {
	return await runLookups.call(this, {
		noun: 'company',
		batchSize: 1,
		prepare,
		send: async function (this: IExecuteFunctions, chunk) {
			return await transport.lookupOne(this, '/enrich/company', chunk);
		},
		format(record, itemIndex) {
			return (this.getNodeParameter('simplify', itemIndex, true) as boolean)
				? simplifyCompany(record)
				: record;
		},
	});
}
