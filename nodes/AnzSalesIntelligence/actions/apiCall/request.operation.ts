import { updateDisplayOptions } from 'n8n-workflow';

import { apiCallOperation, apiCallProperties } from '../../../enrichment/fields';
import { request, SERVICE_NAME } from '../../transport';
import type { AnzSalesIntelligenceMap } from '../node.type';

export const operation = 'request' satisfies AnzSalesIntelligenceMap['apiCall'];

export const description = updateDisplayOptions(
	{ show: { resource: ['apiCall'], operation: [operation] } },
	apiCallProperties,
);

/** A request to any path of the credential's chosen API, with the credential's key. */
export const { validate, execute } = apiCallOperation(request, SERVICE_NAME, description);
