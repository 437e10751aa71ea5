/** The texts of the lookups' outcomes (see `lookups.ts`), and of input refused before any call. */

import type { IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Lookup, LookupOutcome } from './types';
import { rerunAdvice, stopSummary, type StopReport } from '../shared/stopReport';
import { echo } from '../shared/echo';
import { toolArgumentOf } from '../shared/tool';

/** Without Continue On Fail: the stopping error, naming what was done and what was not. */
export function stoppedRunError(
	ctx: IExecuteFunctions,
	error: Error,
	sentKeys: Set<string>,
	lookups: Array<Lookup | Error>,
	outcomes: Map<string, LookupOutcome | Error>,
): Error {
	const report: StopReport = { answered: [], failed: [], notSent: [], firstNotDone: [] };
	lookups.forEach((lookup, i) => {
		if (lookup instanceof Error) return;
		const state = !sentKeys.has(lookup.key)
			? 'notSent'
			: outcomes.get(lookup.key) instanceof Error
				? 'failed'
				: 'answered';
		report[state].push(i);
		if (state !== 'answered' && report.firstNotDone.length < 3) {
			report.firstNotDone.push(`item ${i} ${echo(JSON.stringify(lookup.input))}`);
		}
	});
	// Nothing answered: nothing paid would be lost, and the error alone says what to fix.
	if (!report.answered.length) return error;
	const summary = stopSummary(report, ctx.getInputData().length);
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.message = `${error.message}. ${summary}`;
		error.description = `${error.description ?? ''} ${rerunAdvice(report)}`.trim();
		Object.assign(error.context, {
			answeredItems: report.answered,
			notDoneItems: [...report.failed, ...report.notSent],
		});
	}
	return error;
}

/** Under Continue On Fail: the error of an item whose lookup was never sent because the run stopped. */
export function notSentError(ctx: IExecuteFunctions, stop: Error): NodeApiError {
	const error = new NodeApiError(ctx.getNode(), { message: stop.message } as JsonObject, {
		message: `Not looked up: the run stopped before this item was sent (${stop.message})`,
		description:
			'No request was sent for this item and no credit was spent on it. Run it again once the cause is fixed; the items with results need no re-run.',
		...(stop instanceof NodeApiError && stop.httpCode ? { httpCode: stop.httpCode } : {}),
	});
	error.context.runStopped = true;
	return error;
}

/** "Error on No Match": the error for item `itemIndex`. */
export function noMatchError(
	ctx: IExecuteFunctions,
	noun: string,
	lookup: Lookup,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `No ${noun} matches item ${itemIndex}`, {
		itemIndex,
		description: `The service found no ${noun} for ${JSON.stringify(lookup.input)}. Turn off "Error on No Match" to get an item with "found: false" instead.`,
	});
}

/** A per-record error reported inside a successful (bulk) answer. */
export function recordError(
	ctx: IExecuteFunctions,
	noun: string,
	outcome: { code: string; message: string },
	itemIndex: number,
): NodeApiError {
	return new NodeApiError(
		ctx.getNode(),
		{ code: outcome.code, message: outcome.message } as JsonObject,
		{
			message: `The service could not look up the ${noun} of item ${itemIndex}: ${outcome.message} (${outcome.code})`,
			description:
				'The service reported this error for this record only; the other records of the same call were processed.',
			itemIndex,
		},
	);
}

/** Throws the input error for item `itemIndex`, naming the field. */
export function invalidInput(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	reason: string,
	fix: string,
	parameter?: string,
): never {
	const node = ctx.getNode();
	// As a tool, the model sees only the message: name its argument and say the fix there.
	const argument = parameter === undefined ? undefined : toolArgumentOf(node, parameter);
	const message =
		argument === undefined
			? `Invalid ${field} in item ${itemIndex}: ${reason}`
			: `Invalid argument '${argument}': ${reason}. ${fix.replace(/[,;] or change "Identify By"\./, '.')}`;
	throw new NodeOperationError(node, message, {
		itemIndex,
		description: `${fix} No request was sent, so no credit was spent.`,
	});
}
