/* What every fault test file shares: the faults, how a cell's verdict is read, and how the user's
   view of one item is summarised. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { CallClass } from './matrix';
import type { FaultRule, ProxiedRequest } from './proxy';

export interface FaultCase {
	/** Name in the matrix. */
	name: string;
	rule: Omit<FaultRule, 'method' | 'path' | 'times'>;
	/** The service did not execute the call and says so (safe to repeat for every call). */
	notExecuted?: boolean;
}

/** Faults every call meets; `inject` answers are the service's own, given per node. */
export const TRANSPORT_FAULTS: FaultCase[] = [
	{ name: 'reset before', rule: { fault: 'reset-before' } },
	{ name: 'reset after', rule: { fault: 'reset-after' } },
	{ name: '502 before', rule: { fault: '502-before' } },
	{ name: '502 after', rule: { fault: '502-after' } },
	{ name: 'truncated body', rule: { fault: 'truncate' } },
	{ name: 'cut off mid-body', rule: { fault: 'cut-off' } },
	{ name: 'corrupt body', rule: { fault: 'corrupt' } },
];

export const SAFE_CLASSES: CallClass[] = ['read', 'idempotent write', 'token renewal'];

/** What the user sees of one output item: its error message, or "ok" and a short output. */
export function seenOf(
	item: INodeExecutionData | undefined,
	complete?: (json: IDataObject) => boolean,
): string {
	if (!item) return '(no item)';
	const json = item.json;
	if (typeof json.error === 'string') return json.error;
	if (complete && !complete(json)) return `ok, but incomplete: ${JSON.stringify(json)}`;
	return 'ok';
}

/**
 * DESIGN.md's rule for ambiguous failures, applied to one cell: calls safe to repeat are retried
 * and succeed; calls not safe to repeat are sent once and their message says they may have run;
 * answers meaning "not executed" are retried by every call.
 */
export function verdictOf(options: {
	class: CallClass;
	fault: FaultCase;
	seen: string;
	/** Requests the proxy saw for the faulted item's call. */
	sent: number;
	writtenTwice: number;
}): string {
	const { seen, sent } = options;
	const succeeded = seen === 'ok';
	if (seen.startsWith('ok, but incomplete')) {
		return 'DEFECT: a broken answer passes as success (the output lacks what the answer gives)';
	}
	if (options.writtenTwice > 0) return 'DEFECT: written twice';
	if (options.fault.notExecuted) {
		return succeeded ? 'ok' : 'DEFECT: a "not executed" answer is not retried';
	}
	if (SAFE_CLASSES.includes(options.class)) {
		return succeeded ? 'ok' : 'DEFECT: safe to repeat, not retried';
	}
	if (sent > 1) return 'DEFECT: replayed';
	if (succeeded) return 'ok';
	return /may have (run|been)/i.test(seen)
		? 'ok'
		: 'DEFECT: message does not say the call may have run';
}

export const countWhere = (requests: ProxiedRequest[], test: (r: ProxiedRequest) => boolean) =>
	requests.filter(test).length;
