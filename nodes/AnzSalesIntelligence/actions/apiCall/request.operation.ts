import { apiCallOperationFor } from '../../../enrichment/fields';
import { apiRequest, client, SERVICE_NAME } from '../../transport';
import type { AnzSalesIntelligenceMap } from '../node.type';

export const operation = 'request' satisfies AnzSalesIntelligenceMap['apiCall'];

/** A request to any path of the credential's chosen API, with the credential's key. */
export const { option, description, validate, execute } = apiCallOperationFor(
	apiRequest,
	SERVICE_NAME,
	client.baseUrl,
);
