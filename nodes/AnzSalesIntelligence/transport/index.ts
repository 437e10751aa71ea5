import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { enrichmentCredentialTest } from '../../enrichment/credentialTest';
import { chosenBaseUrl, type ServiceAnswer, type ServiceCall } from '../../enrichment/http';
import type { LookupOutcome } from '../../enrichment/lookups';
import { enrichmentClient } from '../../enrichment/transport';

export const CREDENTIAL_TYPE = 'anzSalesIntelligenceApi';
export const SERVICE_NAME = 'sales-intelligence service';

/** The service's own API (pre-filled in the credential). */
export const SERVICE_API_URL = 'https://api.firmable.com';

/**
 * One lookup at a time, at least 20 ms apart: never above the service's 50 requests per second per
 * key, and a 402 or used-up quota stops the run before any further lookup is sent (a lookup in
 * flight at that moment would be charged and its record thrown away).
 */
export const LOOKUP_CONCURRENCY = 1;
export const LOOKUP_WAVE_MS = 20;

/** The base URL of the credential's chosen API. */
export function baseUrl(credentials: ICredentialDataDecryptedObject): string {
	return chosenBaseUrl(credentials, SERVICE_API_URL);
}

/** The key's header, on every call (added by the client) and in the credential test. */
function authHeaders(credentials: ICredentialDataDecryptedObject): Record<string, string> {
	return { Authorization: `Bearer ${String(credentials.apiKey ?? '').trim()}` };
}

/**
 * The credential test: on the service API a one-person search (`POST /people/search`, size 1)
 * proves the key and reveals no contact data; on the connection contract `GET /account/usage`.
 */
export const credentialTest = enrichmentCredentialTest({
	serviceUrl: SERVICE_API_URL,
	keySource: "the service's dashboard (profile, integrations, API)",
	authHeaders,
	testCall: (api) =>
		api === 'contract'
			? { method: 'GET', path: '/account/usage' }
			: {
					method: 'POST',
					path: '/people/search',
					body: { selectedCountry: 'AU', from: 0, size: 1 },
				},
});

export const client = enrichmentClient({
	name: SERVICE_NAME,
	credentialType: CREDENTIAL_TYPE,
	baseUrl,
	authHeaders,
});

/** One classified call against the credential's chosen API (also for the shared API Call). */
export async function request(ctx: IExecuteFunctions, call: ServiceCall): Promise<ServiceAnswer> {
	return await client.request(ctx, call);
}

/**
 * A lookup answer on either API is the record itself; an answer without `id` is a no match (the
 * service documents no other no-match form; a 404 carrying NOT_FOUND is one as well).
 */
export function recordOutcome(
	record: IDataObject | undefined,
	creditsCharged: number | undefined,
): LookupOutcome {
	return record?.id
		? { status: 'found', record, creditsCharged }
		: { status: 'noMatch', creditsCharged };
}
