import { apiCallOperationFor } from '../../../enrichment/fields';
import { client } from '../../transport';

/** A request to any path of the credential's chosen API, with the credential's key. */
export const operation = apiCallOperationFor(client);
