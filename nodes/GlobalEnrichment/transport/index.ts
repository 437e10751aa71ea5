import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { errorCodeOf } from '../../enrichment/http';
import type { LookupChunk, LookupOutcome } from '../../enrichment/lookups';
import { serviceTransport } from '../../enrichment/transport';

export const CREDENTIAL_TYPE = 'globalEnrichmentApi';
export const SERVICE_NAME = 'enrichment service';

/** Records per bulk call: the service refuses more (HTTP 400). */
export const BULK_BATCH_SIZE = 100;

/** One record's result: `{ data }` when found, `{ data: null, error: { code, message } }` otherwise. */
function outcomeOf(result: IDataObject | undefined, creditsCharged: number): LookupOutcome {
	const data = result?.data as IDataObject | null | undefined;
	if (data && typeof data === 'object') return { status: 'found', record: data, creditsCharged };
	const code = errorCodeOf(result);
	if (!code || code === 'NOT_FOUND') return { status: 'noMatch', creditsCharged };
	const error = result?.error as IDataObject | undefined;
	return {
		status: 'error',
		code,
		message: typeof error?.message === 'string' ? error.message : 'The service refused this record',
	};
}

/**
 * The only way this node reaches the service (`api_key` header from the credential, 429/5xx
 * retried). A single lookup (`POST /person`, `/company`) answers `{ requestId, data, creditsCharged }`.
 */
export const transport = serviceTransport(CREDENTIAL_TYPE, SERVICE_NAME, outcomeOf);

/**
 * A bulk lookup (`POST /person/bulk` or `/company/bulk`): the body is an array of records, each
 * with our own `referenceId` (the index of the first item that asked for it). The service answers
 * `{ results: [{ referenceId, data | error, creditsCharged }], billing }`; results are matched back
 * by `referenceId`, never by position.
 */
export async function enrichBulk(
	this: IExecuteFunctions,
	path: string,
	chunk: LookupChunk,
): Promise<Map<string, LookupOutcome>> {
	const keyByReference = new Map<string, string>();
	const body = chunk.lookups.map((lookup, n) => {
		const referenceId = String(chunk.itemIndexes[n]);
		keyByReference.set(referenceId, lookup.key);
		return { referenceId, ...lookup.request };
	});
	const answer = await transport.apiRequestOk(this, {
		method: 'POST',
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
		outcomes.set(key, outcomeOf(result, credits));
	}
	return outcomes;
}
