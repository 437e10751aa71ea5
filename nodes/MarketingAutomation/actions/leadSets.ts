import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { CheckedItem } from '../../shared/operation';
import type { BatchOutcome } from '../../shared/router';
import { apiRequest, callsInFlight, type ApiRequest } from '../transport';
import { LEAD_BATCH } from '../transport/paging';
import { withReasons } from './leadDatabase/write';
import { callFailure, distinctValueCalls, failItems, groupBy, runBatches } from './batches';

/**
 * One item's part of a write on a set of records: the call group it joins and its record IDs
 * (lead IDs; named accounts' marketoGUIDs).
 */
export interface LeadSet<Id extends number | string = number> {
	/** Items with the same group share calls (e.g. one list, one program and status). */
	group: string;
	leadIds: Id[];
}

interface LeadSetWrite<T extends LeadSet<Id>, Id extends number | string = number> {
	/** Reads and checks one item; the router runs it for every item before any call. */
	check(ctx: IExecuteFunctions, itemIndex: number): T;
	/** The call for up to 300 distinct records of a group (`first` is the group's first item). */
	call(first: T, leadIds: Id[]): Omit<ApiRequest, 'itemIndex'>;
	/** The record a result is about, where the answer names it (else its position counts). */
	leadOf(result: IDataObject): Id | undefined;
	/** An item's output around its leads' statuses (`leads`, plus a count per status). */
	output(value: T, leads: IDataObject[]): IDataObject;
}

/**
 * The check and run of a write on sets of leads (list membership, program status, lead delete):
 * every item is checked before any call, then the leads of all items of one group are
 * deduplicated and sent 300 per call, several calls in flight; the service's status per lead
 * (with its reasons) goes back to every item that named the lead, with a count per status. A
 * failed call fails the items that named one of its leads, naming the call.
 */
export function writeLeadSets<T extends LeadSet<Id>, Id extends number | string = number>(
	write: LeadSetWrite<T, Id>,
) {
	return {
		check(this: IExecuteFunctions, itemIndex: number): T {
			return write.check(this, itemIndex);
		},
		async runBatch(this: IExecuteFunctions, items: Array<CheckedItem<T>>) {
			return await writeChecked(this, items, write);
		},
	};
}

async function writeChecked<T extends LeadSet<Id>, Id extends number | string>(
	ctx: IExecuteFunctions,
	items: Array<CheckedItem<T>>,
	write: LeadSetWrite<T, Id>,
): Promise<BatchOutcome[][]> {
	const outcomes: BatchOutcome[][] = [];
	const groups = groupBy(items, ({ input }) => input.group);
	const calls = [...groups].flatMap(([group, members]) =>
		distinctValueCalls(
			members.map(({ itemIndex, input }) => ({ itemIndex, values: input.leadIds })),
			(id) => id,
			LEAD_BATCH,
		).map(({ values, askers }) => ({ group, ids: values, askers })),
	);

	const statusOf = new Map<string, Map<Id, IDataObject>>();
	for (const group of groups.keys()) statusOf.set(group, new Map());
	const failed = new Set<number>();
	await runBatches(calls, await callsInFlight(ctx), async ({ group, ids, askers }, index) => {
		const status = statusOf.get(group) as Map<Id, IDataObject>;
		try {
			const first = (groups.get(group) as typeof items)[0].input;
			const answer = await apiRequest.call(ctx, {
				...write.call(first, ids),
				itemIndex: askers[0],
			});
			(answer.result ?? []).forEach((result, position) => {
				const seq = typeof result.seq === 'number' ? result.seq : position;
				const id = write.leadOf(result) ?? ids[seq];
				if (id !== undefined) status.set(id, result);
			});
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

	for (const [group, members] of groups) {
		const status = statusOf.get(group) as Map<Id, IDataObject>;
		for (const { itemIndex, input } of members) {
			if (failed.has(itemIndex)) continue;
			const leads = input.leadIds.map((id) => {
				const result = status.get(id) ?? {};
				return withReasons({ id, status: result.status }, result);
			});
			const json = write.output(input, leads);
			for (const lead of leads) {
				const key = String(lead.status);
				json[key] = ((json[key] as number | undefined) ?? 0) + 1;
			}
			outcomes[itemIndex] = [{ json }];
		}
	}
	return outcomes;
}
