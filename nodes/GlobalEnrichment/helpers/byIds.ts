import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isFatal } from '../../enrichment/errors';
import { notSentError } from '../../enrichment/lookupErrors';
import { runPaced } from '../../enrichment/pool';
import type { BatchOutcome, CheckedItem } from '../../shared/operation';
import { withItemIndex } from '../../shared/router';
import { lookupService } from '../transport';
import { collectionOf, postByIds, type EntityKind } from '../transport/signals';

/**
 * Operations that send record ids to the service, up to 100 per call (Get Signals, Get Signal
 * Score): items that ask the same (`group`) share calls, an id asked twice is sent once, calls go
 * out several at once, and every result is matched back by its id: the service does not keep the
 * request order.
 */

/** Ids per call: the service refuses more (HTTP 400). */
export const IDS_PER_CALL = 100;

/** What one checked item asks: its id, and the rest of the request (the same for its group). */
export interface IdRequest {
	id: string;
	/** The request's other fields; items with equal fields share calls. */
	fields: IDataObject;
	/** A score's record named by other identifiers than its ID (`id` is then their key). */
	record?: IDataObject;
}

interface IdPlan {
	kind: EntityKind;
	endpoint: 'signals' | 'signal-score';
	/** For messages: "signals", "signal score". */
	what: string;
	/** One item's output from its result (`{ id, ... }` without `error`). */
	output(result: IDataObject, request: IdRequest): IDataObject;
	/** A record the service answered no data for: no result, or a per-record code it names. */
	missing(request: IdRequest, error: IDataObject | undefined): IDataObject;
	/** What the service charges for one result, by its document: the credits the bill covers. */
	units(result: IDataObject): number;
}

/** Per-record codes that are data on the item ("no match"), not a failure of the item. */
const NO_MATCH_CODES = ['NOT_FOUND', 'COMPLIANCE_RESTRICTED', 'NO_SCORE'];

/** The id a result answers: its echoed `clientReferenceId`, else its `id`. */
export const answeredId = (result: IDataObject) => String(result.clientReferenceId ?? result.id);

/** The text of a per-id error the service reports inside a 200 answer, and its fix. */
function idErrorText(plan: IdPlan, id: string, code: string): { message: string; fix: string } {
	const noun = plan.kind;
	if (code === 'NOT_FOUND') {
		return {
			message: `No ${noun} with ID "${id}" (NOT_FOUND)`,
			fix: `Check the ID: use the "id" of a Find, Enrich or Search output of this node. Nothing was charged for it.`,
		};
	}
	if (code === 'COMPLIANCE_RESTRICTED') {
		return {
			message: `The service may not show the ${plan.what} of ${noun} "${id}" (COMPLIANCE_RESTRICTED)`,
			fix: 'The record is withheld by the service for compliance reasons; leave it out. Nothing was charged for it.',
		};
	}
	if (code === 'NO_SCORE') {
		return {
			message: `The service has no signal score for ${noun} "${id}" (NO_SCORE)`,
			fix: 'The record has no signals to score yet; try again later or use Get Signals.',
		};
	}
	return {
		message: `The service could not get the ${plan.what} of ${noun} "${id}" (${code})`,
		fix: 'The service reported this error for this record only; the other records of the call were processed.',
	};
}

function idError(ctx: IExecuteFunctions, plan: IdPlan, result: IDataObject, itemIndex: number) {
	const error = (result.error ?? {}) as IDataObject;
	const code = String(error.code ?? 'NO_RESULT');
	const { message, fix } = idErrorText(plan, answeredId(result), code);
	return new NodeApiError(
		ctx.getNode(),
		{ code, message: String(error.message ?? '') } as JsonObject,
		{
			message: `${message} in item ${itemIndex}`,
			description: fix,
			itemIndex,
		},
	);
}

/**
 * One call's body: signals take `ids`; a score takes its records as `contacts` / `companies`, each
 * `{ clientReferenceId, id }`, and the service echoes `clientReferenceId` on the record's result.
 */
function requestBody(
	plan: IdPlan,
	ids: string[],
	fields: IDataObject,
	records: Map<string, IDataObject>,
): IDataObject {
	if (plan.endpoint === 'signals') return { ids, ...fields };
	return {
		[collectionOf(plan.kind)]: ids.map((id) => ({
			clientReferenceId: id,
			...(records.get(id) ?? { id }),
		})),
		...fields,
	};
}

/** Runs the checked items in calls of up to 100 unique ids; one outcome per item. */
export async function runByIds(
	ctx: IExecuteFunctions,
	plan: IdPlan,
	items: Array<CheckedItem<IdRequest>>,
): Promise<BatchOutcome[][]> {
	// Calls: items grouped by their other fields, each group's unique ids cut into hundreds.
	const groups = new Map<string, { fields: IDataObject; ids: string[] }>();
	const records = new Map<string, IDataObject>();
	for (const { input } of items) {
		if (input.record) records.set(input.id, input.record);
		const key = JSON.stringify(input.fields);
		const group = groups.get(key) ?? { fields: input.fields, ids: [] };
		groups.set(key, group);
		if (!group.ids.includes(input.id)) group.ids.push(input.id);
	}
	const calls: Array<{ key: string; fields: IDataObject; ids: string[] }> = [];
	for (const [key, { fields, ids }] of groups) {
		for (let start = 0; start < ids.length; start += IDS_PER_CALL) {
			calls.push({ key, fields, ids: ids.slice(start, start + IDS_PER_CALL) });
		}
	}
	const firstItemOf = (key: string, id: string) =>
		items.find((item) => JSON.stringify(item.input.fields) === key && item.input.id === id)!
			.itemIndex;

	const continueOnFail = ctx.continueOnFail();
	/** Results by group and id; an Error when the call failed or was never sent. */
	const results = new Map<string, IDataObject | Error>();
	/** Each result's credits from its call's `billing`; the whole bill where it does not split. */
	const credits = new Map<string, { creditsCharged: number | null; callBilling?: IDataObject }>();
	const resultKey = (key: string, id: string) => `${key}\u0000${id}`;
	let stop: Error | undefined;
	const pace = await lookupService.pace(ctx, true);
	const started = await runPaced(
		calls.length,
		pace,
		async (n) =>
			await postByIds(
				ctx,
				plan.kind,
				plan.endpoint,
				requestBody(plan, calls[n].ids, calls[n].fields, records),
				firstItemOf(calls[n].key, calls[n].ids[0]),
			),
		(n, settled) => {
			const call = calls[n];
			if (settled.status === 'rejected') {
				const error = withItemIndex(ctx, settled.reason, firstItemOf(call.key, call.ids[0]));
				for (const id of call.ids) results.set(resultKey(call.key, id), error);
				if (!continueOnFail || isFatal(error)) {
					stop ??= error;
					return false;
				}
				return true;
			}
			const answered = (settled.value.results ?? []) as IDataObject[];
			const byId = new Map(answered.map((result) => [answeredId(result), result]));
			for (const id of call.ids) {
				results.set(resultKey(call.key, id), byId.get(id) ?? { id, missing: true });
			}
			billCall(
				call.ids.map((id) => resultKey(call.key, id)),
				settled.value.billing,
			);
			return true;
		},
	);
	/**
	 * Spreads a call's `billing.creditsCharged` over its results by what the document charges each
	 * (`units`) when the two agree; otherwise the whole bill goes on the first result as `callBilling`
	 * and the others say null (never split into fractions).
	 */
	function billCall(keys: string[], billing: unknown) {
		const bill = (billing ?? {}) as IDataObject;
		const charged = typeof bill.creditsCharged === 'number' ? bill.creditsCharged : undefined;
		const units = keys.map((key) => {
			const result = results.get(key) as IDataObject;
			return result.missing || result.error ? 0 : plan.units(result);
		});
		const total = units.reduce((sum, n) => sum + n, 0);
		keys.forEach((key, n) => {
			if (charged === 0 || charged === undefined || charged === total) {
				// A free call (scores not yet priced on the account) costs every record nothing.
				credits.set(key, { creditsCharged: charged === undefined ? null : charged && units[n] });
			} else {
				credits.set(key, { creditsCharged: null, ...(n === 0 ? { callBilling: bill } : {}) });
			}
		});
	}

	const notSent = stop ? notSentError(ctx, stop) : undefined;
	calls.forEach((call, n) => {
		if (started[n] || !notSent) return;
		for (const id of call.ids) results.set(resultKey(call.key, id), notSent);
	});

	// One output per item; a result asked for by several items is paid for once, by the first.
	const answered = new Set<string>();
	const outcomes: BatchOutcome[][] = [];
	for (const { itemIndex, input } of items) {
		const key = resultKey(JSON.stringify(input.fields), input.id);
		const result = results.get(key)!;
		if (result instanceof Error) {
			outcomes[itemIndex] = [{ error: result }];
			continue;
		}
		const code = String((result.error as IDataObject | undefined)?.code ?? '');
		if (result.error && !NO_MATCH_CODES.includes(code)) {
			outcomes[itemIndex] = [{ error: idError(ctx, plan, result, itemIndex) }];
			continue;
		}
		const repeat = answered.has(key);
		const bill = credits.get(key) ?? { creditsCharged: null };
		const json =
			result.missing || result.error
				? plan.missing(input, result.error as IDataObject | undefined)
				: plan.output(result, input);
		outcomes[itemIndex] = [
			{
				json: {
					...json,
					creditsCharged: repeat ? 0 : bill.creditsCharged,
					...(!repeat && bill.callBilling ? { callBilling: bill.callBilling } : {}),
				},
			},
		];
		answered.add(key);
	}
	return outcomes;
}
