import { mayHaveRun } from '../../../shared/failure';

/** One Request Campaign call of an execution, as the report counts it. */
interface SentCall {
	ids: number[];
	askers: number[];
}

/** How a call of the execution ended. */
export type CallFate = 'requested' | 'failed' | 'notSent';

const FIRST_IDS = 5;

const firstIds = (ids: number[]) =>
	ids.length > FIRST_IDS
		? `${ids.slice(0, FIRST_IDS).join(', ')} and ${ids.length - FIRST_IDS} more`
		: ids.join(', ');

/** Item indexes as ranges in input order: "items 0 to 99, 200". */
export function itemRanges(itemIndexes: Iterable<number>): string {
	const sorted = [...new Set(itemIndexes)].sort((a, b) => a - b);
	const ranges: string[] = [];
	for (let k = 0; k < sorted.length; ) {
		let end = k;
		while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end++;
		ranges.push(k === end ? `${sorted[k]}` : `${sorted[k]} to ${sorted[end]}`);
		k = end + 1;
	}
	return `${sorted.length === 1 ? 'item' : 'items'} ${ranges.join(', ')}`;
}

/**
 * The error of a multi-call campaign trigger stopped by one failed call (no Continue On Fail):
 * the message says how many leads were requested and how many not, with their first IDs and
 * items, so that a re-run of only the items not requested sends no lead through the campaign
 * twice. A call whose answer was lost says its leads may have been requested.
 */
export function stoppedTrigger(
	error: Error & { description?: string | null },
	failedCall: number,
	calls: SentCall[],
	fates: CallFate[],
): Error {
	const leadsOf = (fate: CallFate) =>
		calls.filter((_call, index) => fates[index] === fate).flatMap((call) => call.ids);
	const itemsOf = (fate: CallFate) =>
		calls.filter((_call, index) => fates[index] === fate).flatMap((call) => call.askers);
	const total = calls.reduce((sum, call) => sum + call.ids.length, 0);
	const requested = leadsOf('requested');
	const failedLeads = calls[failedCall].ids;
	const open = mayHaveRun(error);
	const notRequested = [...(open ? [] : failedLeads), ...leadsOf('notSent')];
	const notRequestedItems = [...(open ? [] : calls[failedCall].askers), ...itemsOf('notSent')];
	const parts = [
		`${requested.length} of ${total} leads requested`,
		requested.length
			? `(lead IDs ${firstIds(requested)}; ${itemRanges(itemsOf('requested'))})`
			: '',
		`, ${notRequested.length} not requested`,
		notRequested.length
			? `(lead IDs ${firstIds(notRequested)}; ${itemRanges(notRequestedItems)})`
			: '',
		open
			? `, ${failedLeads.length} may have been requested (lead IDs ${firstIds(failedLeads)}; ${itemRanges(calls[failedCall].askers)})`
			: '',
	];
	error.message = `${error.message} [call ${failedCall + 1} of ${calls.length} failed: ${parts
		.filter(Boolean)
		.join(' ')
		.replace(/ ,/g, ',')}]`;
	const rerun = notRequestedItems.length
		? `Re-run only ${itemRanges(notRequestedItems)}: the others' leads have been requested, and a lead requested again runs through the campaign again.`
		: 'Every other lead has been requested; do not re-run the other items.';
	const check = open
		? ` Check in the service whether the leads of the failed call ran through the campaign before re-running ${itemRanges(calls[failedCall].askers)}.`
		: '';
	error.description = `${rerun}${check}${error.description ? ` ${error.description}` : ''}`;
	return error;
}
