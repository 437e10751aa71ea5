/**
 * The lookup pipeline both enrichment nodes share:
 * 1. every item is checked and turned into a lookup before any HTTP call (the router runs the
 *    operation's check for every item: no credit is spent on bad input; `fromChecked` hands the
 *    checked lookups to the plan);
 * 2. identical lookups (same normalised key) are merged and sent once;
 * 3. the unique lookups are sent in chunks of the service's batch size (1 for single-record
 *    endpoints);
 * 4. every input item gets exactly one outcome (the router pairs it with the item): the record
 *    (`found: true`), `found: false` with its input echoed, or (under Continue On Fail) an error.
 *
 * The outcomes' texts are in `lookupErrors.ts`.
 */

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isFatal } from './errors';
import { noMatchError, notSentError, recordError, stoppedRunError } from './lookupErrors';
import { runPaced, type Pace } from './pool';
import type { Lookup, LookupChunk, LookupOutcome } from './types';
import type { CheckedItem } from '../shared/operation';
import { withItemIndex, type BatchOutcome } from '../shared/router';
import { itemParameter } from '../shared/itemParameters';

interface LookupPlan {
	/** What is looked up, for messages: "person", "contact", "company". */
	noun: string;
	/** Max unique lookups per call. */
	batchSize: number;
	/** How fast calls go out (in flight, spacing, rate windows); one at a time when absent. */
	pace?: Pace;
	/** Validates item `itemIndex` and builds its lookup; throws a NodeOperationError on bad input. */
	prepare(this: IExecuteFunctions, itemIndex: number): Lookup;
	/** Sends one chunk; returns an outcome per lookup key. Throws NodeApiError when the call fails. */
	send(this: IExecuteFunctions, chunk: LookupChunk): Promise<Map<string, LookupOutcome>>;
	/** Shapes a found record for the output (e.g. Simplify). */
	format?(this: IExecuteFunctions, record: IDataObject, itemIndex: number): IDataObject;
}

/** The "Error on No Match" option, read once per item from the operation's `options` collection. */
function errorOnNoMatch(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return itemParameter<unknown>(ctx, 'options.errorOnNoMatch', itemIndex, false) === true;
}

/**
 * A plan's `prepare` from the lookups the router has already checked (it checks every item before
 * any call). An item it refused has no lookup: under Continue On Fail the router gives it its error.
 */
export function fromChecked(items: Array<CheckedItem<Lookup>>): LookupPlan['prepare'] {
	const lookups = new Map(items.map(({ itemIndex, input }) => [itemIndex, input]));
	return function (this: IExecuteFunctions, itemIndex: number): Lookup {
		const lookup = lookups.get(itemIndex);
		if (!lookup)
			throw new NodeOperationError(this.getNode(), 'Refused by its check', { itemIndex });
		return lookup;
	};
}

type Group = { lookup: Lookup; itemIndexes: number[] };

export async function runLookups(
	this: IExecuteFunctions,
	plan: LookupPlan,
): Promise<BatchOutcome[][]> {
	const itemCount = this.getInputData().length;
	const continueOnFail = this.continueOnFail();

	// 1. Validate everything first; each parameter is read once per item.
	const lookups: Array<Lookup | Error> = [];
	const failsOnNoMatch: boolean[] = [];
	for (let i = 0; i < itemCount; i++) {
		try {
			lookups.push(plan.prepare.call(this, i));
		} catch (error) {
			const wrapped = withItemIndex(this, error, i);
			if (!continueOnFail) throw wrapped;
			lookups.push(wrapped);
		}
		failsOnNoMatch.push(errorOnNoMatch(this, i));
	}

	// 2. Merge identical lookups, keeping the order of first appearance.
	const groups = new Map<string, Group>();
	lookups.forEach((lookup, i) => {
		if (lookup instanceof Error) return;
		const group = groups.get(lookup.key);
		if (group) group.itemIndexes.push(i);
		else groups.set(lookup.key, { lookup, itemIndexes: [i] });
	});

	// 3. Send in chunks at the plan's pace. A call that stops the run (without Continue On Fail any
	// failure; with it a refused key, no credits or a used-up quota) starts no further call; the
	// calls in flight are awaited and their answers kept: they are paid for.
	const outcomes = new Map<string, LookupOutcome | Error>();
	const unique = [...groups.values()];
	const chunks: Group[][] = [];
	for (let start = 0; start < unique.length; start += plan.batchSize) {
		chunks.push(unique.slice(start, start + plan.batchSize));
	}
	// "Error on No Match" without Continue On Fail stops at the first no match: one call at a time,
	// so no lookup after it is sent (and charged).
	const stopsOnNoMatch = !continueOnFail && failsOnNoMatch.some(Boolean);
	const pace: Pace = plan.pace ?? { inFlight: 1, minIntervalMs: 0 };
	let stop: { error: Error; chunk: number } | undefined;
	const failedChunks = new Set<number>();
	const stopWith = (error: Error, chunk: number) => {
		stop ??= { error, chunk };
		failedChunks.add(chunk);
		return false;
	};
	const started = await runPaced(
		chunks.length,
		stopsOnNoMatch ? { ...pace, inFlight: 1 } : pace,
		async (n) =>
			await plan.send.call(this, {
				lookups: chunks[n].map((group) => group.lookup),
				itemIndexes: chunks[n].map((group) => group.itemIndexes[0]),
			}),
		(n, result) => {
			const chunkGroups = chunks[n];
			if (result.status === 'rejected') {
				const wrapped = withItemIndex(this, result.reason, chunkGroups[0].itemIndexes[0]);
				for (const group of chunkGroups) outcomes.set(group.lookup.key, wrapped);
				if (!continueOnFail || isFatal(wrapped)) return stopWith(wrapped, n);
				return true;
			}
			let goOn = true;
			for (const group of chunkGroups) {
				const outcome: LookupOutcome = result.value.get(group.lookup.key) ?? {
					status: 'error',
					code: 'NO_RESULT',
					message: 'The service returned no result for this record',
				};
				outcomes.set(group.lookup.key, outcome);
				if (continueOnFail || !goOn) continue;
				if (outcome.status === 'error') {
					goOn = stopWith(recordError(this, plan.noun, outcome, group.itemIndexes[0]), n);
				}
				// A no match that must fail the run stops it now, before further lookups spend credits.
				const failing = group.itemIndexes.find((i) => failsOnNoMatch[i]);
				if (outcome.status === 'noMatch' && failing !== undefined) {
					goOn = stopWith(noMatchError(this, plan.noun, group.lookup, failing), n);
				}
			}
			return goOn;
		},
	);

	if (stop && !continueOnFail) {
		const sentKeys = new Set(
			chunks.flatMap((chunkGroups, n) => (started[n] ? chunkGroups.map((g) => g.lookup.key) : [])),
		);
		throw stoppedRunError(this, stop.error, sentKeys, lookups, outcomes);
	}
	const notSent = stop ? notSentError(this, stop.error) : undefined;
	chunks.forEach((chunkGroups, n) => {
		if (started[n] || !notSent) return;
		for (const group of chunkGroups) outcomes.set(group.lookup.key, notSent);
	});

	// 4. One output item per input item.
	const charged = new Set<string>();
	const output: BatchOutcome[][] = [];
	for (let i = 0; i < itemCount; i++) {
		const lookup = lookups[i];
		if (lookup instanceof Error) {
			output.push([{ error: lookup }]);
			continue;
		}
		const outcome = outcomes.get(lookup.key)!;
		if (outcome instanceof Error) {
			output.push([{ error: outcome }]);
			continue;
		}
		if (outcome.status === 'error') {
			output.push([
				{
					json: {
						error: recordError(this, plan.noun, outcome, i).message,
						code: outcome.code,
						input: lookup.input,
					},
				},
			]);
			continue;
		}
		// Credits are reported once, on the first item that asked. A repeat was never sent, so it
		// shows 0 even where the first item has no creditsCharged (a service that reports none, or
		// a bill given as callBilling).
		const repeat = charged.has(lookup.key);
		const creditsCharged = repeat ? 0 : outcome.creditsCharged;
		charged.add(lookup.key);
		if (outcome.status === 'noMatch') {
			if (failsOnNoMatch[i]) {
				const error = noMatchError(this, plan.noun, lookup, i);
				output.push([{ json: { error: error.message, input: lookup.input } }]);
				continue;
			}
			output.push([
				{ json: compactCredits({ found: false, input: lookup.input, creditsCharged }) },
			]);
			continue;
		}
		const record = plan.format ? plan.format.call(this, outcome.record, i) : outcome.record;
		// The call's bill goes with the first item of each record only, like creditsCharged.
		const callBilling = repeat ? undefined : outcome.callBilling;
		output.push([{ json: foundJson(creditsCharged, callBilling, record) }]);
	}
	return output;
}

/**
 * A found item: `found`, `creditsCharged` (dropped when the service did not report it), the call's
 * bill and the record. Where nothing is dropped the item is built without the field: a `delete`
 * of a middle field turns each of thousands of items into a slow dictionary-mode object.
 */
function foundJson(
	creditsCharged: number | undefined,
	callBilling: IDataObject | undefined,
	record: IDataObject,
): IDataObject {
	const billing = callBilling ? { callBilling } : {};
	if (
		creditsCharged === undefined &&
		!Object.prototype.hasOwnProperty.call(record, 'creditsCharged')
	) {
		return { found: true, ...billing, ...record };
	}
	return compactCredits({ found: true, creditsCharged, ...billing, ...record });
}

/** Drops `creditsCharged` when the service did not report it. */
function compactCredits(json: IDataObject): IDataObject {
	if (json.creditsCharged === undefined) delete json.creditsCharged;
	return json;
}
