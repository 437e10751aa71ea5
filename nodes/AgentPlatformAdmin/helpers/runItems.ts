import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { withItemIndex, type BatchOutcome } from '../../shared/router';
import { readRunOptions } from './runInput';

/**
 * Runs one run per input item (Agent → Run, Tool → Run). Every item is checked first, so bad
 * input spends no run; then up to `limit` items are in flight at once, started in input order,
 * and each item's outcome comes back at its own place (the router pairs it with its item). A
 * failing item becomes its error outcome under Continue On Fail; otherwise no further item is
 * started and the router stops at the first failure in input order. No item is run twice.
 */
export async function runItems<T>(
	ctx: IExecuteFunctions,
	itemIndexes: number[],
	limit: number,
	read: (itemIndex: number) => T,
	run: (input: T, itemIndex: number) => Promise<IDataObject>,
): Promise<BatchOutcome[][]> {
	const continueOnFail = ctx.continueOnFail();
	const outcomes: BatchOutcome[][] = itemIndexes.map(() => []);
	const queue: Array<{ position: number; itemIndex: number; input: T }> = [];
	itemIndexes.forEach((itemIndex, position) => {
		try {
			queue.push({ position, itemIndex, input: read(itemIndex) });
		} catch (error) {
			const failure = withItemIndex(ctx, error, itemIndex);
			if (!continueOnFail) throw failure;
			outcomes[position] = [{ error: failure }];
		}
	});
	let next = 0;
	let stopped = false;
	const worker = async () => {
		while (!stopped && next < queue.length) {
			const { position, itemIndex, input } = queue[next++];
			try {
				outcomes[position] = [{ json: await run(input, itemIndex) }];
			} catch (error) {
				outcomes[position] = [{ error: withItemIndex(ctx, error, itemIndex) }];
				if (!continueOnFail) stopped = true;
			}
		}
	};
	const workers = Math.max(1, Math.min(Math.floor(limit), queue.length));
	await Promise.all(Array.from({ length: workers }, worker));
	return outcomes;
}

/**
 * The `executeBatch` of a run operation (Agent → Run, Tool → Run): every item's input is read and
 * checked first, then the items run through `runItems`, Runs in Flight (first item's option) at once.
 */
export function runOperation<T>(
	read: (ctx: IExecuteFunctions, itemIndex: number) => T,
	run: (ctx: IExecuteFunctions, input: T, itemIndex: number) => Promise<IDataObject>,
): (this: IExecuteFunctions, itemIndexes: number[]) => Promise<BatchOutcome[][]> {
	return async function executeBatch(this: IExecuteFunctions, itemIndexes: number[]) {
		const limit = itemIndexes.length ? readRunOptions(this, itemIndexes[0]).runsInFlight : 1;
		return await runItems(
			this,
			itemIndexes,
			limit,
			(itemIndex) => read(this, itemIndex),
			async (input, itemIndex) => await run(this, input, itemIndex),
		);
	};
}
