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
import type {
	EnrichmentContext,
	RateWindow,
	ServiceAnswer,
	ServiceCall,
} from '../../enrichment/types';
import type { LookupChunk, LookupOutcome } from '../../enrichment/lookups';
import { enrichmentClient } from '../../enrichment/client';

export const CREDENTIAL_TYPE = 'globalEnrichmentApi';
export const SERVICE_NAME = 'enrichment service';

/** The service's own API (pre-filled in the credential). */
export { GLOBAL_SERVICE_API_URL as SERVICE_API_URL } from '../../../credentials/common/serviceAddresses';
import { GLOBAL_SERVICE_API_URL as SERVICE_API_URL } from '../../../credentials/common/serviceAddresses';

/** Records per bulk call on both APIs: the service refuses more (HTTP 400). */
export const BULK_BATCH_SIZE = 100;

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
	windowReset,
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
 * (`NOT_FOUND`, `COMPLIANCE_RESTRICTED`, `ENRICH_FAILED`) stay on their record. Credits: a record's
 * own `creditsCharged` when the service reports one; otherwise the call's bill
 * (`billing.creditsCharged`, whole credits) goes out as `callBilling` with the call's request ID,
 * never split into fractions (a contact with a phone costs more than one without).
 */
export async function serviceSearchAndEnrich(
	ctx: IExecuteFunctions,
	kind: 'contacts' | 'companies',
	chunk: LookupChunk,
	extraBody: IDataObject = {},
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
		body: { [kind]: records, ...extraBody },
		itemIndex: chunk.itemIndexes[0],
	});
	const body = (answer.body ?? {}) as IDataObject;
	const results = (Array.isArray(body.results) ? body.results : []) as IDataObject[];
	const billing = (body.billing ?? {}) as IDataObject;
	const callBilling: IDataObject = {
		...(typeof body.requestId === 'string' ? { requestId: body.requestId } : {}),
		...(typeof billing.creditsCharged === 'number'
			? { creditsCharged: billing.creditsCharged }
			: {}),
		...(typeof billing.resultsReturned === 'number'
			? { resultsReturned: billing.resultsReturned }
			: {}),
	};
	const outcomes = new Map<string, LookupOutcome>();
	const foundCount = results.filter((result) => !result.error).length;
	// The bill goes on the call's first record found, so summing the items' bills counts it once.
	let billed = false;
	for (const result of results) {
		const key = keyByReference.get(String(result.clientReferenceId));
		if (key === undefined) continue;
		const record: IDataObject = { ...result };
		delete record.clientReferenceId;
		// A call with one record found: the call's bill is that record's own cost.
		const own =
			typeof result.creditsCharged === 'number'
				? result.creditsCharged
				: foundCount === 1 && typeof billing.creditsCharged === 'number'
					? billing.creditsCharged
					: undefined;
		const billHere = !result.error && own === undefined && !billed;
		if (billHere) billed = true;
		outcomes.set(
			key,
			result.error
				? errorOutcome(result, 0)
				: {
						status: 'found',
						record,
						creditsCharged: own,
						...(billHere && Object.keys(callBilling).length ? { callBilling } : {}),
					},
		);
	}
	return outcomes;
}
