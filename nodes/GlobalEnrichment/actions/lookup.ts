import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	DEFAULT_CALLS_IN_FLIGHT,
	SERVICE_REQUESTS_PER_SECOND,
} from '../../../credentials/common/enrichmentFields';
import { settingOf } from '../../enrichment/client';
import { lookupOptions } from '../../enrichment/fields';
import { simplifyField } from '../../shared/descriptions';

import { fromChecked, runLookups } from '../../enrichment/lookups';
import type { Lookup } from '../../enrichment/types';
import type { CheckedItem } from '../../shared/operation';
import { BULK_BATCH_SIZE, client } from '../transport';
import { contractBulk, contractOutcome, serviceSearchAndEnrich } from '../transport/lookupCalls';

export interface GlobalLookup {
	kind: 'contact' | 'company';
	/** Find: one record per call on the contract; Enrich: the contract's bulk endpoint. */
	bulk: boolean;
	prepare(this: IExecuteFunctions, itemIndex: number): Lookup;
	format(this: IExecuteFunctions, record: IDataObject, itemIndex: number): IDataObject;
}

const CONTRACT_PATHS = {
	contact: { single: '/person', bulk: '/person/bulk' },
	company: { single: '/company', bulk: '/company/bulk' },
};

/**
 * Find and Enrich on either API. The service's own API takes batches of up to 100 for both
 * (`/v3/<kind>/search-and-enrich`); the contract has one record per call for Find and its bulk
 * endpoint for Enrich. Identical lookups are sent once; independent chunks go out concurrently.
 */
export async function runGlobalLookups(this: IExecuteFunctions, lookup: GlobalLookup) {
	const api = await client.api(this);
	const paths = CONTRACT_PATHS[lookup.kind];
	const batched = api === 'service' || lookup.bulk;
	return await runLookups.call(this, {
		noun: lookup.kind,
		batchSize: batched ? BULK_BATCH_SIZE : 1,
		pace: {
			inFlight: batched
				? Math.min(
						SERVICE_REQUESTS_PER_SECOND,
						settingOf(await client.credentials(this), 'callsInFlight', DEFAULT_CALLS_IN_FLIGHT),
					)
				: 1,
			minIntervalMs: 0,
			beforeStart: async (inFlight) => await client.rateGate(this, inFlight),
		},
		prepare: lookup.prepare,
		send: async function (this: IExecuteFunctions, chunk) {
			if (api === 'service') {
				return await serviceSearchAndEnrich(
					this,
					lookup.kind === 'contact' ? 'contacts' : 'companies',
					chunk,
				);
			}
			if (lookup.bulk) return await contractBulk(this, paths.bulk, chunk);
			return await client.lookupOne(
				this,
				{
					method: 'POST',
					safeToRepeat: false,
					path: paths.single,
					body: chunk.lookups[0].request,
					itemIndex: chunk.itemIndexes[0],
				},
				chunk,
				contractOutcome,
			);
		},
		format: lookup.format,
	});
}

/** What a resource's Find and Enrich share: how a record is identified, checked and output. */
export interface LookupResource extends Omit<GlobalLookup, 'bulk'> {
	identifierProperties: INodeProperties[];
}

/**
 * One Find or Enrich operation of a resource: the two differ only in their option and in `bulk`
 * (whether the contract's bulk endpoint is used). Fields: the identifier, Simplify, Options.
 */
export function lookupOperation(resource: LookupResource, bulk: boolean) {
	const { identifierProperties, ...lookup } = resource;
	return {
		fields: [...identifierProperties, simplifyField, lookupOptions(resource.kind)],
		check(this: IExecuteFunctions, itemIndex: number): Lookup {
			return lookup.prepare.call(this, itemIndex);
		},
		async runBatch(this: IExecuteFunctions, items: Array<CheckedItem<Lookup>>) {
			return await runGlobalLookups.call(this, { ...lookup, bulk, prepare: fromChecked(items) });
		},
	};
}
