import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { apiRequest, callsInFlight } from '../../transport';
import { chunk, LEAD_BATCH } from '../../transport/paging';
import { runBatches, callFailure, failItems, prepareAll } from '../batches';
import { listLocator } from '../fields';
import { readId, readIdList } from '../parameters';

export const membershipProperties: INodeProperties[] = [
	listLocator,
	{
		displayName: 'Lead IDs',
		name: 'leadIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1001, 1002',
		description:
			'Leads to add or remove, comma-separated. The leads of all input items are combined, 300 per call.',
	},
];

/**
 * Add Leads (POST) and Remove Leads (DELETE) on `/rest/v1/lists/{listId}/leads.json` with a JSON
 * body `{"input":[{"id":…}]}`: the leads of all items for one list are deduplicated and sent 300
 * per call; the service answers a status per lead (`added` / `removed` / `skipped` + reasons),
 * which goes back to every item that named that lead. Both calls are idempotent.
 */
export async function changeMembership(
	ctx: IExecuteFunctions,
	itemIndexes: number[],
	method: 'POST' | 'DELETE',
): Promise<BatchOutcome[][]> {
	const { prepared, outcomes } = prepareAll(ctx, itemIndexes, (i) => ({
		listId: readId(ctx, 'list', i, 'list'),
		leadIds: readIdList(ctx, 'leadIds', i, 'Lead IDs'),
	}));
	const byList = new Map<number, typeof prepared>();
	for (const entry of prepared) {
		const members = byList.get(entry.value.listId);
		if (members) members.push(entry);
		else byList.set(entry.value.listId, [entry]);
	}
	interface Call {
		listId: number;
		ids: number[];
		askers: number[];
	}
	const calls: Call[] = [];
	for (const [listId, members] of byList) {
		// Each distinct lead of the list, with the items that named it.
		const askersOf = new Map<number, number[]>();
		for (const { itemIndex, value } of members) {
			for (const id of value.leadIds) {
				const askers = askersOf.get(id);
				if (!askers) askersOf.set(id, [itemIndex]);
				else if (askers[askers.length - 1] !== itemIndex) askers.push(itemIndex);
			}
		}
		for (const ids of chunk([...askersOf.keys()], LEAD_BATCH)) {
			const askers = new Set<number>();
			for (const id of ids) for (const i of askersOf.get(id) ?? []) askers.add(i);
			calls.push({ listId, ids, askers: [...askers].sort((a, b) => a - b) });
		}
	}

	const statusOf = new Map<number, Map<number, IDataObject>>();
	for (const listId of byList.keys()) statusOf.set(listId, new Map());
	const failed = new Set<number>();
	await runBatches(calls, await callsInFlight(ctx), async ({ listId, ids, askers }, index) => {
		const status = statusOf.get(listId) as Map<number, IDataObject>;
		try {
			const answer = await apiRequest.call(ctx, {
				method,
				path: `/rest/v1/lists/${listId}/leads.json`,
				body: { input: ids.map((id) => ({ id })) },
				safeToRepeat: true,
				itemIndex: askers[0],
			});
			const results = answer.result ?? [];
			for (const result of results) status.set(Number(result.id), result);
			const missing = ids.filter((id) => !status.has(id));
			if (missing.length > 0) {
				throw new NodeApiError(
					ctx.getNode(),
					{ message: 'missing lead statuses' },
					{
						message: `The service gave no status for leads ${missing.slice(0, 5).join(', ')}`,
						itemIndex: askers[0],
					},
				);
			}
		} catch (error) {
			failItems(ctx, callFailure(error as Error, index, calls.length, askers), askers, outcomes);
			for (const i of askers) failed.add(i);
		}
	});

	for (const [listId, members] of byList) {
		const status = statusOf.get(listId) as Map<number, IDataObject>;
		for (const { itemIndex, value } of members) {
			if (failed.has(itemIndex)) continue;
			const leads = value.leadIds.map((id) => {
				const result = status.get(id) ?? {};
				const lead: IDataObject = { id, status: result.status };
				if (Array.isArray(result.reasons) && result.reasons.length > 0)
					lead.reasons = result.reasons;
				return lead;
			});
			const json: IDataObject = { listId, leads };
			for (const lead of leads) {
				const key = String(lead.status);
				json[key] = ((json[key] as number | undefined) ?? 0) + 1;
			}
			outcomes[itemIndex] = [{ json }];
		}
	}
	return outcomes;
}
