import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { apiRequest, callsInFlight, type ApiRequest } from '../../transport';
import { LEAD_BATCH } from '../../transport/paging';
import { callFailure, failItems, keyedBatches, runBatches } from '../batches';

/** One call of a batched record write: its path, body (one `input` record per entry) and flags. */
type RecordCall = Pick<ApiRequest, 'path' | 'body' | 'safeToRepeat' | 'refusals' | 'qs'>;

/**
 * The record results of a call, one per input record: by `seq` (the input position the service
 * echoes), or by position where an endpoint sends no `seq`. A count that does not match fails the
 * call's items: their statuses could not be told apart.
 */
function resultsBySeq(
	ctx: IExecuteFunctions,
	results: IDataObject[],
	count: number,
	itemIndex: number,
): IDataObject[] {
	const ordered: IDataObject[] = new Array<IDataObject>(count);
	results.forEach((result, position) => {
		const seq = typeof result.seq === 'number' ? result.seq : position;
		if (seq >= 0 && seq < count) ordered[seq] = result;
	});
	if (results.length !== count || ordered.some((result) => result === undefined)) {
		throw new NodeApiError(
			ctx.getNode(),
			{ message: 'result count mismatch' },
			{
				message: `The service answered ${results.length} results for ${count} records`,
				description: 'The per-record statuses cannot be matched to the input items.',
				itemIndex,
			},
		);
	}
	return ordered;
}

/** How a record write groups its entries into calls, builds each call and takes each result. */
interface RecordWrite<E> {
	/** Entries of different groups never share a call (e.g. another action or path). */
	groupOf: (entry: E) => string;
	/** The record's key: never twice in a call, nor in two calls in flight. */
	keyOf: (entry: E) => string;
	callOf: (batch: E[]) => RecordCall;
	onResult: (entry: E, result: IDataObject) => void;
}

/**
 * Sends a record write (`POST` with `input` of up to 300 records) in the batches `keyedBatches`
 * cuts, concurrently under the limiter, each after the batches it waits for. Each entry's own
 * record result goes to `onResult`; a failed call gives its items the error (Continue On Fail) or
 * stops the node, naming which call failed.
 */
export async function sendRecordBatches<E extends { itemIndex: number }>(
	ctx: IExecuteFunctions,
	entries: E[],
	outcomes: BatchOutcome[][],
	{ groupOf, keyOf, callOf, onResult }: RecordWrite<E>,
): Promise<void> {
	const { batches, waitsFor } = keyedBatches(entries, LEAD_BATCH, groupOf, keyOf);
	const count = batches.length;
	await runBatches(
		batches,
		await callsInFlight(ctx),
		async (batch, index) => {
			const indexes = batch.map((entry) => entry.itemIndex);
			try {
				const call = callOf(batch);
				const answer = await apiRequest.call(ctx, {
					method: 'POST',
					...call,
					itemIndex: indexes[0],
				});
				const results = resultsBySeq(ctx, answer.result ?? [], batch.length, indexes[0]);
				batch.forEach((entry, k) => onResult(entry, results[k]));
			} catch (error) {
				failItems(ctx, callFailure(error as Error, index, count, indexes), indexes, outcomes);
			}
		},
		(index) => waitsFor[index],
	);
}

/** The reasons of a skipped record, as the output carries them (only when there are some). */
export function withReasons(json: IDataObject, result: IDataObject): IDataObject {
	if (Array.isArray(result.reasons) && result.reasons.length > 0) json.reasons = result.reasons;
	return json;
}

/** Whether an item already has its outcome as an error (a failed call or bad input). */
export const hasFailed = (outcomes: BatchOutcome[][], itemIndex: number) =>
	outcomes[itemIndex]?.some((outcome) => 'error' in outcome) ?? false;
