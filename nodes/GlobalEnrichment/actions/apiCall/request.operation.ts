import { apiCallOperationFor } from '../../../enrichment/fields';
import { client, request, SERVICE_NAME } from '../../transport';
import type { GlobalEnrichmentMap } from '../node.type';

export const operation = 'request' satisfies GlobalEnrichmentMap['apiCall'];

/** A request to any path of the credential's chosen API, with the credential's key. */
export const { option, description, validate, execute } = apiCallOperationFor(
	request,
	SERVICE_NAME,
	client.baseUrl,
);
