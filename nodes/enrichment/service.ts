/**
 * Every Find and Enrich of both enrichment nodes: one `lookupOperation`, run by `runLookups`,
 * configured by its service, its resource and its routes.
 */

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { contractBulk, serviceSearchAndEnrich } from './bulkCalls';
import type { EnrichmentClient } from './client';
import { lookupOptions } from './fields';
import { fromChecked, runLookups } from './lookups';
import type { Pace } from './pool';
import type { EnrichmentApi, Lookup, LookupChunk, LookupOutcome, ServiceCall } from './types';
import { simplifyField } from '../shared/descriptions';
import { itemParameter } from '../shared/itemParameters';
import type { CheckedItem } from '../shared/operation';

/** One enrichment service, as its lookups need it. */
export interface LookupService {
	client: EnrichmentClient;
	/** Records per call on a bulk endpoint, for a service that has one: it refuses more. */
	bulkBatchSize?: number;
	/** How fast lookups start; `batched` when one call carries several records. */
	pace(ctx: IExecuteFunctions, batched: boolean): Promise<Pace>;
	/** A single-record lookup's answer (after no match and errors are read) as its outcome. */
	recordOutcome(body: IDataObject | undefined, creditsCharged: number | undefined): LookupOutcome;
}

/** Where lookups go on one API; one record per call sends a `GET` query or a `POST` body. */
export type LookupRoute =
	| { send: 'one'; method: 'GET' | 'POST'; path: string }
	| { send: 'bulk'; path: string }
	| { send: 'searchAndEnrich'; collection: 'contacts' | 'companies' };

/** What one resource's lookups share: how a record is identified, checked and simplified. */
export interface LookupResource {
	/** For messages and the options: "person", "contact", "company". */
	noun: string;
	identifierProperties: INodeProperties[];
	/** Validates item `itemIndex` and builds its lookup; throws a NodeOperationError on bad input. */
	prepare(this: IExecuteFunctions, itemIndex: number): Lookup;
	/** The flat record Simplify gives. */
	simplify(record: IDataObject): IDataObject;
}

/** One Find or Enrich. A lookup spends credits: it is never repeated after an ambiguous failure. */
export function lookupOperation(
	service: LookupService,
	resource: LookupResource,
	routes: Record<EnrichmentApi, LookupRoute>,
) {
	return {
		fields: [...resource.identifierProperties, simplifyField, lookupOptions(resource.noun)],
		check: resource.prepare,
		async runBatch(this: IExecuteFunctions, items: Array<CheckedItem<Lookup>>) {
			const route = routes[await service.client.api(this)];
			const batched = route.send !== 'one';
			return await runLookups.call(this, {
				noun: resource.noun,
				batchSize: batched ? (service.bulkBatchSize ?? 1) : 1,
				pace: await service.pace(this, batched),
				prepare: fromChecked(items),
				send: async function (this: IExecuteFunctions, chunk) {
					return await sendChunk(this, service, route, chunk);
				},
				format(record, itemIndex) {
					return itemParameter<boolean>(this, 'simplify', itemIndex, true)
						? resource.simplify(record)
						: record;
				},
			});
		},
	};
}

/** Sends one chunk of unique lookups by `route`; an outcome per lookup key. */
async function sendChunk(
	ctx: IExecuteFunctions,
	service: LookupService,
	route: LookupRoute,
	chunk: LookupChunk,
): Promise<Map<string, LookupOutcome>> {
	const { client } = service;
	if (route.send === 'searchAndEnrich') {
		return await serviceSearchAndEnrich(client, ctx, route.collection, chunk);
	}
	if (route.send === 'bulk') return await contractBulk(client, ctx, route.path, chunk);
	const [lookup] = chunk.lookups;
	const itemIndex = chunk.itemIndexes[0];
	const call: ServiceCall =
		route.method === 'GET'
			? { method: 'GET', path: route.path, qs: lookup.service, itemIndex, safeToRepeat: false }
			: { method: 'POST', path: route.path, body: lookup.request, itemIndex, safeToRepeat: false };
	return await client.lookupOne(ctx, call, chunk, service.recordOutcome);
}
