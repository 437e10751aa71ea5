import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	chosenBaseUrl,
	TIMEOUT_MS,
	type ServiceAnswer,
	type ServiceCall,
} from '../../enrichment/http';
import type { LookupOutcome } from '../../enrichment/lookups';
import { credentialReader, enrichmentClient } from '../../enrichment/transport';

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

const readCredentials = credentialReader(CREDENTIAL_TYPE);

/** The base URL of the credential's chosen API. */
export function baseUrl(credentials: ICredentialDataDecryptedObject): string {
	return chosenBaseUrl(credentials, SERVICE_API_URL);
}

/** The only place this node does HTTP: n8n's authenticated helper adds `Authorization: Bearer <key>`. */
async function send(ctx: IExecuteFunctions, call: ServiceCall): Promise<ServiceAnswer> {
	const base = baseUrl(await readCredentials(ctx));
	if (!base) {
		throw new NodeOperationError(
			ctx.getNode(),
			'The credential uses the connection contract but its Base URL is empty; enter the gateway address or choose the Service API',
			{
				itemIndex: call.itemIndex,
				description: 'Open the credential and fill in Base URL. No request was sent.',
			},
		);
	}
	const response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, {
		method: call.method,
		url: `${base}${call.path}`,
		qs: call.qs,
		// A repeated query key (from API Call) keeps every value.
		arrayFormat: 'repeat',
		body: call.body,
		json: true,
		headers: { Accept: 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: TIMEOUT_MS,
	})) as ServiceAnswer;
	return {
		statusCode: response.statusCode,
		body: response.body,
		headers: response.headers ?? {},
	};
}

export const client = enrichmentClient({ name: SERVICE_NAME, send }, readCredentials);

/** One classified call against the credential's chosen API (also for the shared API Call). */
export async function request(
	ctx: IExecuteFunctions,
	call: {
		method: IHttpRequestMethods;
		path: string;
		qs?: IDataObject;
		body?: IDataObject | IDataObject[];
		itemIndex: number;
		replaySafe?: boolean;
	},
): Promise<ServiceAnswer> {
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
