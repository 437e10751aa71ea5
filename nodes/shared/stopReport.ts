import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * What a stopped run did and did not do, in words a user can act on: item numbers as ranges
 * ("items 0-99, 200-249"), bounded in length, and the first identifiers of what was not done.
 */

const MAX_RANGES = 8;

/** "items 0-99, 200-249" (at most 8 ranges, then "…"); "no items" when empty. */
export function itemRanges(indexes: number[]): string {
	if (!indexes.length) return 'no items';
	const sorted = [...indexes].sort((a, b) => a - b);
	const ranges: string[] = [];
	let first = sorted[0];
	let last = first;
	for (const index of [...sorted.slice(1), Number.NaN]) {
		if (index === last + 1) {
			last = index;
			continue;
		}
		ranges.push(first === last ? `${first}` : `${first}-${last}`);
		first = index;
		last = index;
	}
	const shown = ranges.slice(0, MAX_RANGES).join(', ');
	const more = ranges.length > MAX_RANGES ? ', …' : '';
	return `${sorted.length === 1 ? 'item' : 'items'} ${shown}${more}`;
}

export interface StopReport {
	/** Items whose answer arrived (found, no match, or a per-record error): paid for, kept. */
	answered: number[];
	/** Items of the call that failed (may have been charged when the call was ambiguous). */
	failed: number[];
	/** Items never sent. */
	notSent: number[];
	/** The first identifiers not done, already echoed (cut) for a message. */
	firstNotDone: string[];
}

/** The sentence added to the error that stopped a run without Continue On Fail. */
export function stopSummary(report: StopReport, total: number): string {
	const notDone = [...report.failed, ...report.notSent];
	const first = report.firstNotDone.length
		? ` (first not done: ${report.firstNotDone.join(', ')})`
		: '';
	return `Done before it stopped: ${report.answered.length} of ${total} items answered (${itemRanges(report.answered)}); not done: ${notDone.length} (${itemRanges(notDone)})${first}`;
}

/** The description: how to re-run without paying twice. */
export function rerunAdvice(report: StopReport): string {
	const notDone = [...report.failed, ...report.notSent];
	return `The answered items were paid for; turn on Continue On Fail to get their results next time. To finish this run without paying twice, run only the items not done (${itemRanges(notDone)}), for example with a filter on their item numbers.`;
}

/** The error that stopped item `itemIndex`, naming the items done before it and those not run. */
export function withItemsDone(error: Error, itemIndex: number, itemCount: number): Error {
	if (itemIndex === 0 || !(error instanceof NodeApiError || error instanceof NodeOperationError)) {
		return error;
	}
	const range = (from: number, to: number) =>
		itemRanges(Array.from({ length: to - from }, (_item, n) => from + n));
	error.message = `${error.message}. Done before it stopped: ${itemIndex} of ${itemCount} items (${range(0, itemIndex)}); not done: ${range(itemIndex, itemCount)}`;
	error.description =
		`${error.description ?? ''} The items done were paid for; run only the items not done (${range(itemIndex, itemCount)}) to finish without paying twice, or turn on Continue On Fail to keep the results of the items done.`.trim();
	return error;
}
