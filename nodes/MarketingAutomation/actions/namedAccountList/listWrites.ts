import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { sendRecordBatches, withReasons } from '../leadDatabase/write';

/** One item's record of a list write: the call group it joins (an action, a key) and the record. */
interface ListWrite {
	itemIndex: number;
	group: string;
	record: IDataObject;
}

/**
 * Sends a create or delete of named account lists: one record per item, 300 per call, no name in
 * two calls in flight (`keyedBatches`). Each item gets its record's status, the record, the list's
 * `marketoGUID`, the service's reasons, and `found: false` for a list that is not there (1013).
 */
export async function sendListWrites(
	ctx: IExecuteFunctions,
	entries: ListWrite[],
	path: string,
	bodyOf: (group: string, records: IDataObject[]) => IDataObject,
): Promise<BatchOutcome[][]> {
	const outcomes: BatchOutcome[][] = [];
	await sendRecordBatches(ctx, entries, outcomes, {
		groupOf: (entry) => entry.group,
		keyOf: (entry) => JSON.stringify(entry.record).toLowerCase(),
		callOf: (batch) => ({
			path,
			body: bodyOf(
				batch[0].group,
				batch.map((entry) => entry.record),
			),
			safeToRepeat: true,
		}),
		onResult: (entry, result) => {
			const json: IDataObject = { status: result.status, ...entry.record };
			if (result.marketoGUID !== undefined) json.marketoGUID = result.marketoGUID;
			const reasons = (result.reasons ?? []) as Array<{ code?: unknown }>;
			if (reasons.some((reason) => String(reason.code) === '1013')) json.found = false;
			outcomes[entry.itemIndex] = [{ json: withReasons(json, result) }];
		},
	});
	return outcomes;
}
