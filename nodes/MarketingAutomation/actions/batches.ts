import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { markCheckRefusal } from '../../shared/inputError';
import type { CheckedItem } from '../../shared/operation';
import { withItemIndex, type BatchOutcome } from '../../shared/router';
import { callsInFlight } from '../transport';
import { chunk } from '../transport/paging';

/**
 * Runs the batches of one operation concurrently, `concurrency` at a time, started in input order
 * (the instance's limiter decides when each call goes out). A batch may name earlier batches it
 * must wait for (`after`), e.g. upserts that share a lookup value. Each batch records its own
 * outcomes; a batch that throws (no Continue On Fail) stops further batches from starting, and
 * once the running ones have ended, the first failure in batch order is thrown.
 */
export async function runBatches<T>(
	batches: T[],
	concurrency: number,
	send: (batch: T, index: number) => Promise<void>,
	after?: (index: number) => number[],
): Promise<void> {
	const done: Array<Promise<void>> = new Array<Promise<void>>(batches.length);
	let failure: { index: number; error: unknown } | undefined;
	let active = 0;
	const waiting: Array<() => void> = [];
	const limit = Math.max(1, Math.floor(concurrency));
	const take = async (): Promise<void> => {
		if (active < limit) {
			active++;
			return;
		}
		// The slot is handed over by `give` without `active` changing.
		await new Promise<void>((resolve) => waiting.push(resolve));
	};
	const give = () => {
		const next = waiting.shift();
		if (next) next();
		else active--;
	};
	// Each batch is let go once it has run: a long run holds only what is still to be sent.
	const pending: Array<T | undefined> = [...batches];
	for (let index = 0; index < pending.length; index++) {
		const before = after?.(index) ?? [];
		done[index] = (async () => {
			if (before.length > 0) await Promise.all(before.map(async (b) => await done[b]));
			await take();
			try {
				if (failure) return;
				await send(pending[index] as T, index);
			} catch (error) {
				if (!failure || index < failure.index) failure = { index, error };
			} finally {
				pending[index] = undefined;
				give();
			}
		})();
	}
	await Promise.all(done);
	if (failure) throw failure.error;
}

/**
 * The `runBatch` of a read operation: its checked items run concurrently, as many at a time as the
 * instance's limiter lets calls be in flight (each item's pages one after another), and every
 * item's records come out in input order, paired with it. A failing item becomes its error outcome
 * under Continue On Fail; otherwise the first failure in item order stops the node, as when the
 * items ran one by one.
 */
export function concurrentReads<Input>(
	read: (
		this: IExecuteFunctions,
		itemIndex: number,
		input: Input,
	) => Promise<IDataObject | IDataObject[]>,
) {
	return async function runBatch(
		this: IExecuteFunctions,
		items: Array<CheckedItem<Input>>,
	): Promise<BatchOutcome[][]> {
		const concurrency = await callsInFlight(this);
		const outcomes: BatchOutcome[][] = [];
		const continueOnFail = this.continueOnFail();
		const readOne = async ({ itemIndex, input }: CheckedItem<Input>): Promise<void> => {
			try {
				const data = await read.call(this, itemIndex, input);
				outcomes[itemIndex] = (Array.isArray(data) ? data : [data]).map((json) => ({ json }));
			} catch (error) {
				const failure = withItemIndex(this, error, itemIndex);
				if (!continueOnFail) throw failure;
				outcomes[itemIndex] = [{ error: failure }];
			}
		};
		// The first item alone first: it fetches the token, and a used-up quota (607) it meets blocks
		// the others before they are sent.
		const [first, ...rest] = items;
		await runBatches(first === undefined ? [] : [first], 1, readOne);
		await runBatches(rest, concurrency, readOne);
		return outcomes;
	};
}

/**
 * Runs `run` for each checked item in turn; an error stops the node, or (Continue On Fail)
 * becomes that item's error outcome.
 */
export async function eachItem<Input>(
	ctx: IExecuteFunctions,
	items: Array<CheckedItem<Input>>,
	run: (itemIndex: number, input: Input) => Promise<BatchOutcome[]>,
): Promise<BatchOutcome[][]> {
	const outcomes: BatchOutcome[][] = [];
	for (const { itemIndex, input } of items) {
		try {
			outcomes[itemIndex] = await run(itemIndex, input);
		} catch (error) {
			failItems(ctx, withItemIndex(ctx, error, itemIndex), [itemIndex], outcomes);
		}
	}
	return outcomes;
}

/**
 * Cuts entries into batches of at most `size`, in input order, for writes keyed by a record key
 * (a dedupe key, a lead of a program): a batch never holds one key twice (the service would refuse
 * the second record, 1036), and `waitsFor[b]` lists the earlier batches holding one of batch b's
 * keys, for `runBatches`' `after`, so no key is in two calls in flight and the later input wins.
 * Entries with different `groupOf` values never share a batch (e.g. another action); keys are
 * compared across groups, so `keyOf` names the record wherever it is (path and key values).
 */
export function keyedBatches<T>(
	entries: T[],
	size: number,
	groupOf: (entry: T) => string,
	keyOf: (entry: T) => string,
): { batches: T[][]; waitsFor: number[][] } {
	const batches: T[][] = [];
	const open = new Map<string, { index: number; keys: Set<string> }>();
	const lastBatchOf = new Map<string, number>();
	const waits: Array<Set<number>> = [];
	for (const entry of entries) {
		const group = groupOf(entry);
		const key = keyOf(entry);
		let current = open.get(group);
		if (!current || batches[current.index].length >= size || current.keys.has(key)) {
			current = { index: batches.length, keys: new Set() };
			batches.push([]);
			waits.push(new Set());
			open.set(group, current);
		}
		const earlier = lastBatchOf.get(key);
		if (earlier !== undefined) waits[current.index].add(earlier);
		lastBatchOf.set(key, current.index);
		current.keys.add(key);
		batches[current.index].push(entry);
	}
	return { batches, waitsFor: waits.map((set) => [...set]) };
}

/** A call for several items failed: stop, or give each of those items the error. */
export function failItems(
	ctx: IExecuteFunctions,
	error: Error,
	itemIndexes: number[],
	outcomes: BatchOutcome[][],
): void {
	if (!ctx.continueOnFail()) {
		const context = (error as { context?: IDataObject }).context;
		if (context && context.itemIndex === undefined) context.itemIndex = itemIndexes[0];
		throw error;
	}
	for (const itemIndex of new Set(itemIndexes)) outcomes[itemIndex] = [{ error }];
}

/**
 * The failure of one call of a multi-call write, told per item: the message names which call
 * failed and that the other calls' items have their own results, so that re-running only the
 * failed items repeats nothing. A single call keeps its message as is.
 */
export function callFailure(
	error: Error,
	call: number,
	calls: number,
	itemIndexes: number[],
): Error {
	if (calls <= 1) return error;
	let first = itemIndexes[0];
	let last = itemIndexes[0];
	for (const i of itemIndexes) {
		if (i < first) first = i;
		if (i > last) last = i;
	}
	const items = first === last ? `item ${first}` : `items ${first} to ${last}`;
	error.message = `${error.message} [call ${call + 1} of ${calls}, ${items}; the items of the other calls have their own results]`;
	return error;
}

/**
 * The checks that need the service's metadata (e.g. a custom object's keys from its describe), in
 * the batch after the router's check of every item, since they need a call: each item is checked
 * in turn; a failing one stops the node, or under Continue On Fail gets its error and the others
 * go on.
 */
export async function checkAgainstService<T, U>(
	ctx: IExecuteFunctions,
	items: Array<CheckedItem<T>>,
	outcomes: BatchOutcome[][],
	check: (itemIndex: number, value: T) => Promise<U>,
): Promise<Array<{ itemIndex: number; value: U }>> {
	const checked: Array<{ itemIndex: number; value: U }> = [];
	for (const { itemIndex, input } of items) {
		try {
			checked.push({ itemIndex, value: await check(itemIndex, input) });
		} catch (error) {
			const failure = withItemIndex(ctx, error, itemIndex);
			markCheckRefusal(failure);
			if (!ctx.continueOnFail()) throw failure;
			outcomes[itemIndex] = [{ error: failure }];
		}
	}
	return checked;
}

/** Entries by `keyOf`: groups in order of first appearance, each in input order. */
export function groupBy<T>(entries: T[], keyOf: (entry: T) => string): Map<string, T[]> {
	const groups = new Map<string, T[]>();
	for (const entry of entries) {
		const key = keyOf(entry);
		const members = groups.get(key);
		if (members) members.push(entry);
		else groups.set(key, [entry]);
	}
	return groups;
}

/**
 * The distinct values of a group's items (as `keyOf` compares them, the first spelling kept),
 * `size` per call, each call with the items that asked for one of its values, in input order.
 */
export function distinctValueCalls<V>(
	members: Array<{ itemIndex: number; values: V[] }>,
	keyOf: (value: V) => unknown,
	size: number,
): Array<{ values: V[]; askers: number[] }> {
	const unique = new Map<unknown, { value: V; askers: number[] }>();
	for (const { itemIndex, values } of members) {
		for (const value of values) {
			const key = keyOf(value);
			const entry = unique.get(key);
			if (!entry) unique.set(key, { value, askers: [itemIndex] });
			else if (entry.askers[entry.askers.length - 1] !== itemIndex) entry.askers.push(itemIndex);
		}
	}
	return chunk([...unique.values()], size).map((part) => ({
		values: part.map((entry) => entry.value),
		askers: [...new Set(part.flatMap((entry) => entry.askers))].sort((a, b) => a - b),
	}));
}
