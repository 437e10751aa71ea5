import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isFatal } from './enrichmentHttp';

/** An operation run once per item (searches, API calls). */
export interface ItemOperation {
	description: INodeProperties[];
	/** Input checks for one item, run for every item before any item is executed. */
	validate?(this: IExecuteFunctions, itemIndex: number): void;
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

/** An operation that takes every input item at once (deduplicated and batched lookups). */
export interface BatchOperation {
	description: INodeProperties[];
	executeBatch(this: IExecuteFunctions): Promise<INodeExecutionData[]>;
}

export type OperationModule = ItemOperation | BatchOperation;

function asNodeError(ctx: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/**
 * Dispatches `${resource}:${operation}`. Batch operations get all items; item operations are
 * validated for every item first (so a bad item stops the node before any call), then run one item
 * at a time. Owns `pairedItem` and Continue On Fail. A missing-credit or refused-key answer stops
 * the node even under Continue On Fail: every further call would fail the same way.
 */
export async function routeOperation(
	this: IExecuteFunctions,
	operations: Record<string, OperationModule>,
): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const module = operations[`${resource}:${operation}`];
	if (!module) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" of resource "${resource}" is not supported`,
		);
	}
	if ('executeBatch' in module) return [await module.executeBatch.call(this)];

	const itemCount = this.getInputData().length;
	const continueOnFail = this.continueOnFail();
	const invalid = new Map<number, Error>();
	if (module.validate) {
		for (let i = 0; i < itemCount; i++) {
			try {
				module.validate.call(this, i);
			} catch (error) {
				const wrapped = asNodeError(this, error, i);
				if (!continueOnFail) throw wrapped;
				invalid.set(i, wrapped);
			}
		}
	}

	const output: INodeExecutionData[] = [];
	for (let i = 0; i < itemCount; i++) {
		const failed = invalid.get(i);
		if (failed) {
			output.push({ json: { error: failed.message }, pairedItem: { item: i } });
			continue;
		}
		try {
			const data = await module.execute.call(this, i);
			output.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(data), {
					itemData: { item: i },
				}),
			);
		} catch (error) {
			const wrapped = asNodeError(this, error, i);
			if (!continueOnFail || isFatal(wrapped)) throw wrapped;
			output.push({ json: { error: wrapped.message }, pairedItem: { item: i } });
		}
	}
	return [output];
}
