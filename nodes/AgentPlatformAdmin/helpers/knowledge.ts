import type { IDataObject, IExecuteFunctions, INodeProperties, NodeApiError } from 'n8n-workflow';

import { echo } from '../../shared/echo';
import type { BatchOutcome, CheckedItem } from '../../shared/operation';
import type { ListFilter } from '../transport/work';
import { refuse } from './validation';

/** Fields and readers the knowledge table operations share. */

/** Rows sent in one call: no limit is published, so a size every plan takes. */
export const ROWS_PER_CALL = 100;
/** Calls in flight at once for one table (the platform queues work over the plan's concurrency). */
export const DEFAULT_CALLS_IN_FLIGHT = 2;

export const rowFiltersField: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Filter',
	default: {},
	description: 'Only rows whose field equals the value; every filter must match',
	options: [
		{
			displayName: 'Condition',
			name: 'conditions',
			values: [
				{
					displayName: 'Field',
					name: 'field',
					type: 'string',
					default: '',
					placeholder: 'e.g. country',
					description: 'A column of the table',
				},
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					default: '',
					placeholder: 'e.g. AU',
					description: 'The value the column must have',
				},
			],
		},
	],
};

export const callsInFlightOption: INodeProperties = {
	displayName: 'Calls in Flight',
	name: 'callsInFlight',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 8 },
	default: DEFAULT_CALLS_IN_FLIGHT,
	description: `How many calls of ${ROWS_PER_CALL} rows are sent at the same time`,
};

/** The checked filters of one item: each an exact match of a row field. */
export function readRowFilters(ctx: IExecuteFunctions, itemIndex: number): ListFilter[] {
	const value = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const conditions = (value.conditions ?? []) as Array<{ field?: unknown; value?: unknown }>;
	return conditions.map((condition, n) => {
		const field = String(condition.field ?? '').trim();
		if (!field) {
			refuse(
				ctx.getNode(),
				itemIndex,
				`Filter ${n + 1} of item ${itemIndex} has no field`,
				'Enter the column the filter compares, or remove the filter.',
			);
		}
		return {
			field: `data.${field}`,
			filter_type: 'exact_match',
			condition: '==',
			condition_value: condition.value ?? '',
		};
	});
}

/** A JSON object parameter of one item, refused (naming field and item) when it is not one. */
export function readJsonObject(
	ctx: IExecuteFunctions,
	name: string,
	field: string,
	itemIndex: number,
): IDataObject {
	let value = ctx.getNodeParameter(name, itemIndex, {}) as unknown;
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value);
		} catch (error) {
			refuse(
				ctx.getNode(),
				itemIndex,
				`The '${field}' field of item ${itemIndex} is not valid JSON: ${echo((error as Error).message)}`,
				'Give one JSON object, e.g. {"status": "customer"}.',
			);
		}
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		refuse(
			ctx.getNode(),
			itemIndex,
			`The '${field}' field of item ${itemIndex} is not a JSON object`,
			'Give one JSON object, e.g. {"status": "customer"}.',
		);
	}
	return value as IDataObject;
}

/** Runs `send` on every batch, `concurrency` at a time, started in order. */
export async function eachConcurrently<T>(
	batches: T[],
	concurrency: number,
	send: (batch: T) => Promise<void>,
): Promise<void> {
	let next = 0;
	const worker = async () => {
		while (next < batches.length) await send(batches[next++]);
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
}

/** `list` in pieces of `size`. */
export function piecesOf<T>(list: T[], size: number): T[][] {
	const pieces: T[][] = [];
	for (let start = 0; start < list.length; start += size)
		pieces.push(list.slice(start, start + size));
	return pieces;
}

/**
 * The `runBatch` of a write to knowledge tables: items grouped by table, sent `ROWS_PER_CALL` a
 * call, `callsInFlight` calls at once, one output item per input item. A failed call fails its
 * items (their error under Continue On Fail; otherwise the node stops, earlier calls kept).
 */
export function writeRows<Input extends { knowledgeSet: string; callsInFlight: number }>(
	send: (
		ctx: IExecuteFunctions,
		knowledgeSet: string,
		items: Array<CheckedItem<Input>>,
	) => Promise<void>,
	outcomeOf: (input: Input) => IDataObject,
) {
	return async function runBatch(
		this: IExecuteFunctions,
		items: Array<CheckedItem<Input>>,
	): Promise<BatchOutcome[][]> {
		const outcomes: BatchOutcome[][] = [];
		const byTable = new Map<string, Array<CheckedItem<Input>>>();
		for (const item of items) {
			const list = byTable.get(item.input.knowledgeSet) ?? [];
			list.push(item);
			byTable.set(item.input.knowledgeSet, list);
		}
		const batches = [...byTable].flatMap(([table, list]) =>
			piecesOf(list, ROWS_PER_CALL).map((piece) => ({ table, piece })),
		);
		const continueOnFail = this.continueOnFail();
		await eachConcurrently(
			batches,
			items[0]?.input.callsInFlight ?? 1,
			async ({ table, piece }) => {
				try {
					await send(this, table, piece);
					for (const { itemIndex, input } of piece)
						outcomes[itemIndex] = [{ json: outcomeOf(input) }];
				} catch (error) {
					const failure = error as NodeApiError;
					if (!continueOnFail) throw failure;
					for (const { itemIndex } of piece) outcomes[itemIndex] = [{ error: failure }];
				}
			},
		);
		return outcomes;
	};
}
