import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { enrichmentCredentialTest } from '../../enrichment/credentialCheck';
import { chosenBaseUrl } from '../../enrichment/credentialChoice';
import type {
	EnrichmentApi,
	EnrichmentContext,
	RateWindow,
	ServiceAnswer,
	ServiceCall,
} from '../../enrichment/types';
import { enrichmentClient, settingOf } from '../../enrichment/client';
import { contractOutcome } from '../../enrichment/bulkCalls';
import type { LookupRoute, LookupService } from '../../enrichment/service';
import {
	DEFAULT_CALLS_IN_FLIGHT,
	SERVICE_REQUESTS_PER_SECOND,
} from '../../../credentials/common/enrichmentFields';
import { GLOBAL_SERVICE_API_URL as SERVICE_API_URL } from '../../../credentials/common/serviceAddresses';

export const SERVICE_NAME = 'enrichment service';

export function baseUrl(credentials: ICredentialDataDecryptedObject): string {
	return chosenBaseUrl(credentials, SERVICE_API_URL);
}

/** The key's header, on every call (added by the client) and in the credential test. */
function authHeaders(credentials: ICredentialDataDecryptedObject): Record<string, string> {
	return { api_key: String(credentials.apiKey ?? '').trim() };
}

/** The credential test: `GET /account/usage` on either API, the credit balance, free of charge. */
export const credentialTest = enrichmentCredentialTest({
	serviceUrl: SERVICE_API_URL,
	keySource: "the service's API settings page",
	authHeaders,
	testCall: () => ({ method: 'GET', path: '/account/usage' }),
});

export const client = enrichmentClient({
	name: SERVICE_NAME,
	credentialType: 'globalEnrichmentApi',
	baseUrl,
	authHeaders,
	// The documented 50 requests per second per endpoint, kept for all endpoints together.
	callsPerSecond: () => SERVICE_REQUESTS_PER_SECOND,
	windowReset,
});

/**
 * Seconds until a rate window resets, from the service's V3 usage (`GET /v3/account/usage`, free,
 * 5 calls a minute): `rateLimits.<window>.resetsAt`. Only the service's own API has it.
 */
async function windowReset(
	ctx: EnrichmentContext,
	window: RateWindow,
	send: (call: ServiceCall) => Promise<ServiceAnswer>,
): Promise<number | undefined> {
	if ((await client.api(ctx)) !== 'service' || window === 'second') return undefined;
	try {
		const answer = await send({
			method: 'GET',
			path: '/v3/account/usage',
			itemIndex: 0,
			safeToRepeat: true,
		});
		const limits = (answer.body as IDataObject | undefined)?.rateLimits as IDataObject | undefined;
		const resetsAt = (limits?.[window] as IDataObject | undefined)?.resetsAt;
		const seconds = Math.ceil((Date.parse(String(resetsAt)) - Date.now()) / 1000);
		return answer.statusCode === 200 && Number.isFinite(seconds) && seconds > 0
			? seconds
			: undefined;
	} catch {
		// Usage is only a hint: without it the window's own length is waited.
		return undefined;
	}
}

/**
 * The service's lookups (where they go: `lookupRoutes`). Batched calls go out several at once (the
 * credential's Calls in Flight, at most 50); single-record calls one at a time.
 */
export const lookupService: LookupService = {
	client,
	// Records per bulk call on both APIs: the service refuses more (HTTP 400).
	bulkBatchSize: 100,
	async pace(ctx, batched) {
		return {
			inFlight: batched
				? Math.min(
						SERVICE_REQUESTS_PER_SECOND,
						settingOf(await client.credentials(ctx), 'callsInFlight', DEFAULT_CALLS_IN_FLIGHT),
					)
				: 1,
			minIntervalMs: 0,
			beforeStart: async (inFlight) => await client.rateGate(ctx, inFlight),
		};
	},
	recordOutcome: contractOutcome,
};

/**
 * Where a resource's Find and Enrich go: the service's own search-and-enrich for both; on the
 * contract one record per call (`POST <path>`) for Find and the bulk endpoint for Enrich.
 */
export function lookupRoutes(
	collection: 'contacts' | 'companies',
	path: string,
): Record<'find' | 'enrich', Record<EnrichmentApi, LookupRoute>> {
	const service: LookupRoute = { send: 'searchAndEnrich', collection };
	return {
		find: { service, contract: { send: 'one', method: 'POST', path } },
		enrich: { service, contract: { send: 'bulk', path: `${path}/bulk` } },
	};
}
