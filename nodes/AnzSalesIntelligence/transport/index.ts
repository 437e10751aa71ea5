import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { enrichmentCredentialTest } from '../../enrichment/credentialCheck';
import { chosenBaseUrl } from '../../enrichment/credentialChoice';
import type { LookupOutcome } from '../../enrichment/types';
import type { LookupService } from '../../enrichment/service';
import { enrichmentClient, settingOf } from '../../enrichment/client';
import {
	DEFAULT_REQUESTS_PER_SECOND,
	SERVICE_REQUESTS_PER_SECOND,
} from '../../../credentials/common/enrichmentFields';
import { ANZ_SERVICE_API_URL as SERVICE_API_URL } from '../../../credentials/common/serviceAddresses';

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

/** The credential's Lookups per Second, at most the service's documented 50. */
function lookupsPerSecond(credentials: ICredentialDataDecryptedObject): number {
	return Math.min(
		SERVICE_REQUESTS_PER_SECOND,
		settingOf(credentials, 'requestsPerSecond', DEFAULT_REQUESTS_PER_SECOND),
	);
}

export const client = enrichmentClient({
	name: 'sales-intelligence service',
	credentialType: 'anzSalesIntelligenceApi',
	baseUrl,
	authHeaders,
	// Every call of the key counts against its 50 per second: lookups, searches and API Calls.
	callsPerSecond: lookupsPerSecond,
});

/**
 * A lookup answer on either API is the record itself; an answer without `id` is a no match (the
 * service documents no other no-match form; a 404 carrying NOT_FOUND is one as well).
 */
function recordOutcome(
	record: IDataObject | undefined,
	creditsCharged: number | undefined,
): LookupOutcome {
	return record?.id
		? { status: 'found', record, creditsCharged }
		: { status: 'noMatch', creditsCharged };
}

/**
 * The service's lookups: one call per unique record on either API (it has no bulk endpoint),
 * several in flight, their starts paced to the credential's Lookups per Second. A 402 or used-up
 * quota starts no further lookup; those in flight finish and their (paid) records reach their items.
 */
export const lookupService: LookupService = {
	client,
	async pace(ctx) {
		const perSecond = lookupsPerSecond(await client.credentials(ctx));
		return {
			inFlight: Math.ceil(perSecond),
			minIntervalMs: 1000 / perSecond,
			beforeStart: async (inFlight) => await client.rateGate(ctx, inFlight),
		};
	},
	recordOutcome,
};
