import type { CheckedItem } from '../../../shared/operation';
import type { IDataObject } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { keyOf, type Lookup } from './leadLookupInput';

/**
 * Lead Get Many (by filter), output: each returned lead goes to the item(s) that asked for its
 * value, in the order of the item's values, up to the item's limit; a value with no lead gives
 * `found: false` when Include Not Found is on. Records without the filter field go to every item
 * of their group. Items whose call failed keep their error.
 */
export function leadsToItems(
	groupList: Array<Array<CheckedItem<Lookup>>>,
	calls: Array<{ group: number }>,
	answers: IDataObject[][],
	failed: Set<number>,
	outcomes: BatchOutcome[][],
): void {
	groupList.forEach((members, group) => {
		const { filterType } = members[0].input;
		const byValue = new Map<string, IDataObject[]>();
		const unmatched: IDataObject[] = [];
		calls.forEach((call, index) => {
			if (call.group !== group) return;
			for (const record of answers[index] ?? []) {
				if (record[filterType] === undefined || record[filterType] === null) {
					unmatched.push(record);
					continue;
				}
				const key = keyOf(filterType, record[filterType]);
				const list = byValue.get(key);
				if (list) list.push(record);
				else byValue.set(key, [record]);
			}
		});
		for (const { itemIndex, input: value } of members) {
			if (failed.has(itemIndex)) continue;
			const out: BatchOutcome[] = [];
			// One value (most items) cannot repeat.
			const seen = value.values.length > 1 ? new Set<unknown>() : undefined;
			for (let n = 0; n < value.values.length; n++) {
				if (out.length >= value.limit) break;
				const key = value.keys[n];
				if (seen?.has(key)) continue;
				seen?.add(key);
				const records = byValue.get(key) ?? [];
				for (const record of records) out.push({ json: record });
				if (records.length === 0 && value.includeNotFound && unmatched.length === 0) {
					out.push({ json: { found: false, [filterType]: value.values[n] } });
				}
			}
			for (const record of unmatched) {
				if (out.length >= value.limit) break;
				out.push({ json: record });
			}
			outcomes[itemIndex] = out.length > value.limit ? out.slice(0, value.limit) : out;
		}
	});
}
