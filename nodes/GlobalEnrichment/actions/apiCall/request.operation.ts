import { apiCallOperationFor } from '../../../enrichment/fields';
import { apiRequest, client, SERVICE_NAME } from '../../transport';

/** A request to any path of the credential's chosen API, with the credential's key. */
export const operation = apiCallOperationFor(apiRequest, SERVICE_NAME, client.baseUrl);
