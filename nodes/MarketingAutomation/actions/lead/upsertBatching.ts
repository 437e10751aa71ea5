import type { CheckedItem } from '../../../shared/operation';
import { chunk, LEAD_BATCH } from '../../transport/paging';
import { isBlank } from '../../helpers/mappedRecord';
import { groupBy } from '../batches';
import type { Upsert } from './upsertMapping';

/**
 * Lead Create or Update, batching: which items go in one call, and which calls must wait for
 * which, so that two calls holding one lookup value are never in flight together.
 */

export type PreparedUpsert = CheckedItem<Upsert>;

/** A lookup value as the service compares it (email addresses without regard to case). */
const lookupKey = (lookupField: string, value: unknown) =>
	`${lookupField}\u0000${String(value ?? '')
		.trim()
		.toLowerCase()}`;

/**
 * The items that share action, lookup field and partition go `LEAD_BATCH` (300) per call, in input
 * order; `waitsFor[b]` lists the earlier batches holding one of batch b's lookup values (for
 * `runBatches`' `after`), so the later input wins.
 */
export function upsertBatches(prepared: PreparedUpsert[]): {
	batches: PreparedUpsert[][];
	waitsFor: number[][];
} {
	const groups = groupBy(
		prepared,
		({ input }) => `${input.action}|${input.lookupField}|${input.partitionName}`,
	);
	const batches: Array<PreparedUpsert[]> = [];
	for (const members of groups.values()) batches.push(...chunk(members, LEAD_BATCH));
	// Only the batches are needed from here on; a long run waits on the rate limit for minutes,
	// and what stays reachable meanwhile is what the garbage collector scans again and again.
	groups.clear();

	// Each batch waits for the earlier batches that hold one of its lookup values.
	const lastBatchOf = new Map<string, number>();
	const waitsFor: number[][] = batches.map((batch, index) => {
		const before = new Set<number>();
		for (const { input: value } of batch) {
			const lookupValue = value.lead[value.lookupField];
			if (isBlank(lookupValue)) continue;
			const key = lookupKey(value.lookupField, lookupValue);
			const earlier = lastBatchOf.get(key);
			if (earlier !== undefined && earlier !== index) before.add(earlier);
			lastBatchOf.set(key, index);
		}
		return [...before];
	});
	lastBatchOf.clear();
	return { batches, waitsFor };
}
