import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { EnrichmentApi } from './types';

/** Which API an enrichment credential chooses, and the base URL that follows from it. */

/** The service's base URL from a credential field, without trailing slashes. */
function baseUrlOf(value: unknown): string {
	return String(value ?? '')
		.trim()
		.replace(/\/+$/, '');
}

/**
 * The API a credential speaks. A credential saved before the API choice existed has only `baseUrl`
 * and `apiKey`: its Base URL (the connection contract's address) keeps it on the contract.
 */
export function apiOf(credentials: ICredentialDataDecryptedObject): EnrichmentApi {
	if (credentials.api === 'contract') return 'contract';
	return baseUrlOf(credentials.baseUrl) ? 'contract' : 'service';
}

/** The base URL of the credential's chosen API. */
export function chosenBaseUrl(
	credentials: ICredentialDataDecryptedObject,
	serviceApiUrl: string,
): string {
	return apiOf(credentials) === 'contract'
		? baseUrlOf(credentials.baseUrl)
		: baseUrlOf(credentials.serviceUrl) || serviceApiUrl;
}
