import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { errorCodeOf } from './answers';
import type { EnrichmentClient } from './client';
import type { LookupChunk, LookupOutcome } from './types';

/** The lookup calls that carry many records, and their answers as one outcome per record. */

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
	client: EnrichmentClient,
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
 * never split into fractions (a contact with a phone costs more than one without). The body holds
 * the records only: the endpoint refuses any property it does not define (HTTP 400), and
 * `waterfallEnabled` belongs to enrich by ids (`/v3/contacts/enrich`), not to this endpoint.
 */
export async function serviceSearchAndEnrich(
	client: EnrichmentClient,
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
		// The record without our reference. Rest, not `delete`: a deleted field turns each of
		// thousands of records into a slow dictionary-mode object.
		const { clientReferenceId, ...record } = result;
		const key = keyByReference.get(String(clientReferenceId));
		if (key === undefined) continue;
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
