import type { IDataObject } from 'n8n-workflow';

import { creditsOf } from '../../enrichment/answers';
import type { EnrichmentContext } from '../../enrichment/types';
import { client } from './index';

/**
 * The service's ids of contacts (by e-mail) and companies (by domain), through its lookup
 * (`POST /v3/<kind>/search-and-enrich`, 100 records a call, matched back by `clientReferenceId`).
 * It costs credits, so the trigger calls it once, at activation.
 */

const LOOKUP_BATCH = 100;

interface WatchLookup {
	/** The service's id of each value that matched. */
	ids: Map<string, string>;
	/** Values no record matched (or that the service may not return). */
	unmatched: string[];
	creditsCharged: number;
}

export async function lookUpIds(
	ctx: EnrichmentContext,
	kind: 'contacts' | 'companies',
	values: string[],
): Promise<WatchLookup> {
	const wire = kind === 'contacts' ? 'email' : 'domain';
	const result: WatchLookup = { ids: new Map(), unmatched: [], creditsCharged: 0 };
	for (let start = 0; start < values.length; start += LOOKUP_BATCH) {
		const batch = values.slice(start, start + LOOKUP_BATCH);
		const answer = await client.apiRequestOk(ctx, {
			method: 'POST',
			path: `/v3/${kind}/search-and-enrich`,
			body: {
				[kind]: batch.map((value, index) => ({ clientReferenceId: String(index), [wire]: value })),
			},
			itemIndex: 0,
			// Not repeated after an unclear failure: the service may have charged it.
			safeToRepeat: false,
		});
		result.creditsCharged += creditsOf(answer) ?? 0;
		const results = (answer.body as IDataObject | undefined)?.results;
		const byReference = new Map(
			(Array.isArray(results) ? (results as IDataObject[]) : []).map((record) => [
				String(record.clientReferenceId),
				record,
			]),
		);
		batch.forEach((value, index) => {
			const record = byReference.get(String(index));
			if (record && !record.error && record.id !== undefined) {
				result.ids.set(value, String(record.id));
			} else {
				result.unmatched.push(value);
			}
		});
	}
	return result;
}
