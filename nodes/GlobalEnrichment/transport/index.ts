import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { enrichmentCredentialTest } from '../../enrichment/credentialTest';
import { errorCodeOf } from '../../enrichment/answers';
import { chosenBaseUrl } from '../../enrichment/credentialChoice';
import { type ServiceAnswer, type ServiceCall } from '../../enrichment/types';
import type { LookupChunk, LookupOutcome } from '../../enrichment/lookups';
import { enrichmentClient } from '../../enrichment/client';

export const CREDENTIAL_TYPE = 'globalEnrichmentApi';
export const SERVICE_NAME = 'enrichment service';

/** The service's own API (pre-filled in the credential). */
export { GLOBAL_SERVICE_API_URL as SERVICE_API_URL } from '../../../credentials/common/serviceAddresses';
import { GLOBAL_SERVICE_API_URL as SERVICE_API_URL } from '../../../credentials/common/serviceAddresses';

/** Records per bulk call on both APIs: the service refuses more (HTTP 400). */
export const BULK_BATCH_SIZE = 100;

/** Bulk calls in flight at once; the service counts requests per minute, not records. */
export const BULK_CONCURRENCY = 3;

/** The base URL of the credential's chosen API. */
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

/**
 * The industry picker: the service's own list (`GET /v3/companies/prospecting/filters/industriesLabels`,
 * free), as name → main industry ID. The connection contract offers no list.
 */
export const client = enrichmentClient({
	name: SERVICE_NAME,
	credentialType: CREDENTIAL_TYPE,
	baseUrl,
	authHeaders,
});

export async function industryOptions(ctx: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	if ((await client.api(ctx)) === 'contract') {
		throw new NodeOperationError(
			ctx.getNode(),
			"The industry list comes from the service's own API; on the connection contract, type industry names in the Industry filter",
		);
	}
	const { body: answer } = await client.apiRequestOk(ctx, {
		method: 'GET',
		path: '/v3/companies/prospecting/filters/industriesLabels',
		itemIndex: 0,
		safeToRepeat: true,
	});
	const body = (answer ?? {}) as IDataObject;
	const list = (
		Array.isArray(answer) ? answer : (body.values ?? body.data ?? body.results ?? [])
	) as IDataObject[];
	return list
		.map((industry) => ({
			name: String(industry.main_industry ?? industry.label ?? industry.name ?? ''),
			value: Number(industry.main_industry_id ?? industry.id),
		}))
		.filter((option) => option.name && Number.isInteger(option.value) && option.value > 0)
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** One classified call against the credential's chosen API (also for the shared API Call). */
export async function apiRequest(
	ctx: IExecuteFunctions,
	call: ServiceCall,
): Promise<ServiceAnswer> {
	return await client.apiRequest(ctx, call);
}

/**
 * One record's result on the connection contract: `{ data }` when found,
 * `{ data: null, error: { code, message } }` otherwise.
 */
export function contractOutcome(
	result: IDataObject | undefined,
	creditsCharged: number | undefined,
): LookupOutcome {
	const data = result?.data as IDataObject | null | undefined;
	if (data && typeof data === 'object') return { status: 'found', record: data, creditsCharged };
	return errorOutcome(result, creditsCharged);
}

function errorOutcome(result: IDataObject | undefined, creditsCharged: number | undefined) {
	const code = errorCodeOf(result);
	if (!code || code === 'NOT_FOUND') return { status: 'noMatch', creditsCharged } as LookupOutcome;
	const error = result?.error as IDataObject | undefined;
	return {
		status: 'error',
		code,
		message: typeof error?.message === 'string' ? error.message : 'The service refused this record',
	} as LookupOutcome;
}

/**
 * A contract bulk lookup (`POST /person/bulk` or `/company/bulk`): an array of records, each with
 * our own `referenceId`; results are matched back by `referenceId`, never by position.
 */
export async function contractBulk(
	ctx: IExecuteFunctions,
	path: string,
	chunk: LookupChunk,
): Promise<Map<string, LookupOutcome>> {
	const keyByReference = new Map<string, string>();
	const body = chunk.lookups.map((lookup, n) => {
		const referenceId = String(chunk.itemIndexes[n]);
		keyByReference.set(referenceId, lookup.key);
		return { referenceId, ...lookup.request };
	});
	const answer = await client.apiRequestOk(ctx, {
		method: 'POST',
		safeToRepeat: false,
		path,
		body,
		itemIndex: chunk.itemIndexes[0],
	});
	const results = ((answer.body as IDataObject | undefined)?.results ?? []) as IDataObject[];
	const outcomes = new Map<string, LookupOutcome>();
	for (const result of results) {
		const key = keyByReference.get(String(result.referenceId));
		if (key === undefined) continue;
		const credits = typeof result.creditsCharged === 'number' ? result.creditsCharged : 0;
		outcomes.set(key, contractOutcome(result, credits));
	}
	return outcomes;
}

/**
 * A lookup on the service's current API: `POST /v3/<kind>/search-and-enrich` with up to 100 records,
 * each carrying our `clientReferenceId` (the index of the first item that asked). Per-record errors
 * (`NOT_FOUND`, `COMPLIANCE_RESTRICTED`, `ENRICH_FAILED`) stay on their record; the call's
 * `billing.creditsCharged` is shared out over the records found.
 */
export async function serviceSearchAndEnrich(
	ctx: IExecuteFunctions,
	kind: 'contacts' | 'companies',
	chunk: LookupChunk,
): Promise<Map<string, LookupOutcome>> {
	const keyByReference = new Map<string, string>();
	const records = chunk.lookups.map((lookup, n) => {
		const clientReferenceId = String(chunk.itemIndexes[n]);
		keyByReference.set(clientReferenceId, lookup.key);
		return { clientReferenceId, ...(lookup.service ?? lookup.request) };
	});
	const answer = await client.apiRequestOk(ctx, {
		method: 'POST',
		safeToRepeat: false,
		path: `/v3/${kind}/search-and-enrich`,
		body: { [kind]: records },
		itemIndex: chunk.itemIndexes[0],
	});
	const body = (answer.body ?? {}) as IDataObject;
	const results = (Array.isArray(body.results) ? body.results : []) as IDataObject[];
	const found = results.filter((result) => !result.error);
	const billed = (body.billing as IDataObject | undefined)?.creditsCharged;
	const share =
		typeof billed === 'number' && found.length
			? Math.round((billed / found.length) * 100) / 100
			: 0;
	const outcomes = new Map<string, LookupOutcome>();
	for (const result of results) {
		const key = keyByReference.get(String(result.clientReferenceId));
		if (key === undefined) continue;
		const record: IDataObject = { ...result };
		delete record.clientReferenceId;
		const credits = typeof result.creditsCharged === 'number' ? result.creditsCharged : share;
		outcomes.set(
			key,
			result.error ? errorOutcome(result, 0) : { status: 'found', record, creditsCharged: credits },
		);
	}
	return outcomes;
}
