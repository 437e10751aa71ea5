import type { IDataObject } from 'n8n-workflow';

import { compact } from '../../../shared/descriptions';
import {
	companyNameIdentifier,
	domainIdentifier,
	identifierProperties,
	identifierPreparer,
} from '../../../enrichment/identifiers';
import type { LookupResource } from '../../../enrichment/service';

const IDENTIFIERS = [domainIdentifier('domain'), companyNameIdentifier('name')];

/** A number on the contract; `{ exact, min, max }` on the service's own API. */
function employeeCountOf(value: unknown) {
	if (!value || typeof value !== 'object') return value as IDataObject[string];
	const { exact, min, max } = value as IDataObject;
	if (exact !== undefined && exact !== null) return exact;
	return min !== undefined || max !== undefined ? `${min ?? ''}-${max ?? ''}` : undefined;
}

/** The fields most workflows map, flat. */
function simplifyCompany(record: IDataObject): IDataObject {
	const location = (record.location ?? {}) as IDataObject;
	const social = (record.socialLinks ?? {}) as IDataObject;
	return compact({
		id: record.id,
		name: record.name,
		domain: record.domain,
		website: record.website,
		industry: record.industry,
		employeeCount: employeeCountOf(record.employeeCount),
		revenue: record.revenue,
		country: location.country,
		city: location.city,
		technologies: record.technologies,
		networkUrl: social.linkedin,
	});
}

/** What the company's Find and Enrich share (see `lookupOperation`); Search simplifies alike. */
export const companyLookup: LookupResource = {
	noun: 'company',
	identifierProperties: identifierProperties(IDENTIFIERS, 'domain', 'company'),
	prepare: identifierPreparer(IDENTIFIERS),
	simplify: simplifyCompany,
};
