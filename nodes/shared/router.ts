import type {
	IBinaryKeyData,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { itemRanges } from './stopReport';
import { isToolRun, noRecordsJson } from './tool';
import { toolErrorMessage } from './toolDecision';
import { startToolRun } from './toolRun';

/** An operation run once per item. */
export interface ItemOperation {
	description: INodeProperties[];
	/** Input checks for one item, run for every item before any item is executed. */
	validate?(this: IExecuteFunctions, itemIndex: number): void;
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

/** One input item's outcome in a batch operation: an output item, or its error. */
export type BatchOutcome = { json: IDataObject; binary?: IBinaryKeyData } | { error: Error };

/**
 * An operation that takes every input item at once (to batch or deduplicate calls); it returns
 * each item's outcome(s), in input order.
 */
export interface BatchOperation {
	description: INodeProperties[];
	executeBatch(this: IExecuteFunctions, itemIndexes: number[]): Promise<BatchOutcome[][]>;
}

export type Operation = ItemOperation | BatchOperation;

/** The operations of a node: resource value → operation value → operation. */
export type ResourceOperations = Record<string, Record<string, Operation>>;

/**
 * The operations of a node, typed by its map of resource value → union of operation values
 * (`actions/node.type.ts`). `satisfies NodeResources<Map>` fails to compile when an operation is
 * missing, extra or renamed in its own file (`export const operation = 'x' satisfies Map['r']`).
 */
export type NodeResources<M extends Record<string, string>> = {
	[R in keyof M]: { [O in M[R]]: Operation };
};

export interface RouteOptions {
	/** Errors after which no further item can succeed: they stop the node even under Continue On Fail. */
	stopsRun?(error: Error): boolean;
}

/** The error with its item index set (a NodeApiError/NodeOperationError keeps an index it has). */
export function withItemIndex(ctx: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/** Own properties only, so values such as `constructor` or `__proto__` are "not supported". */
function findOperation(
	resources: ResourceOperations,
	resource: string,
	operation: string,
): Operation | undefined {
	if (!Object.prototype.hasOwnProperty.call(resources, resource)) return undefined;
	const operations = resources[resource];
	if (!Object.prototype.hasOwnProperty.call(operations, operation)) return undefined;
	return operations[operation];
}

/**
 * The Continue On Fail item of a failed input item: the message, and the fix (description) and the
 * service's request id where the error has them, so the item keeps what the user needs.
 */
export function errorItemJson(error: Error): IDataObject {
	const json: IDataObject = { error: error.message };
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.description) json.description = error.description;
		const requestId = error.context.requestId;
		if (typeof requestId === 'string' && requestId) json.requestId = requestId;
	}
	return json;
}

/**
 * Dispatches `resource` / `operation` for every programmatic node. Batch operations get all items;
 * item operations are validated for every item first (so a bad item stops the node before any
 * call), then run one item at a time. Owns `pairedItem` and Continue On Fail (an error item per
 * failed input item, and the run goes on).
 */
export async function routeOperation(
	this: IExecuteFunctions,
	resources: ResourceOperations,
	options: RouteOptions = {},
): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = findOperation(resources, resource, operationName);
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of resource "${resource}" is not supported`,
		);
	}
	const items = this.getInputData();
	const itemCount = items.length;
	const continueOnFail = this.continueOnFail();
	const output: INodeExecutionData[] = [];
	// As an AI agent's tool: choice arguments read as option values, bounded answers, an empty
	// list said as "no records", and errors that tell the model what to do.
	const node = this.getNode();
	const tool = isToolRun(node) ? startToolRun(this, operation.description, itemCount) : undefined;
	const context = tool?.context ?? this;
	const told = new WeakSet<Error>();
	const forModel = (error: Error): Error => {
		if (tool && !told.has(error)) {
			error.message = toolErrorMessage(error, node);
			told.add(error);
		}
		return error;
	};
	const noRecords = (itemIndex: number): INodeExecutionData => ({
		json: noRecordsJson(node, items[itemIndex].json),
		pairedItem: { item: itemIndex },
	});
	// An error after which no further item can succeed (options.stopsRun) runs no further item.
	// The items before it keep their results under Continue On Fail; without it, the error names
	// the items done and not done. A batch operation has already decided what stops its run.
	let stoppedBy: Error | undefined;
	const fail = (error: unknown, itemIndex: number, batch = false) => {
		const wrapped = forModel(withItemIndex(this, error, itemIndex));
		if (!continueOnFail) {
			if (options.stopsRun && !batch) throw withItemsDone(wrapped, itemIndex, itemCount);
			throw wrapped;
		}
		if (!batch && options.stopsRun?.(wrapped)) stoppedBy ??= wrapped;
		output.push({ json: errorItemJson(wrapped), pairedItem: { item: itemIndex } });
	};
	const records = (itemIndex: number, data: IDataObject[]): INodeExecutionData[] =>
		(tool ? tool.bound(itemIndex, data) : data).map((json) => ({
			json,
			pairedItem: { item: itemIndex },
		}));

	try {
		if ('executeBatch' in operation) {
			// A batch runs its items together: a refused argument stops it before any call.
			const [refused] = tool?.refusals.entries() ?? [];
			if (refused) throw withItemIndex(this, refused[1], refused[0]);
			const itemIndexes = Array.from({ length: itemCount }, (_item, index) => index);
			const outcomes = await operation.executeBatch.call(context, itemIndexes);
			outcomes.forEach((itemOutcomes, itemIndex) => {
				if (tool && itemOutcomes.length === 0) output.push(noRecords(itemIndex));
				const found: IDataObject[] = [];
				for (const outcome of itemOutcomes) {
					if ('error' in outcome) fail(outcome.error, itemIndex, true);
					else if (tool) found.push(outcome.json);
					else
						output.push({
							json: outcome.json,
							...(outcome.binary ? { binary: outcome.binary } : {}),
							pairedItem: { item: itemIndex },
						});
				}
				output.push(...records(itemIndex, found));
			});
			return [output];
		}

		const invalid = new Map<number, Error>(tool?.refusals);
		if (operation.validate) {
			for (let i = 0; i < itemCount; i++) {
				if (invalid.has(i)) continue;
				try {
					operation.validate.call(context, i);
				} catch (error) {
					invalid.set(i, withItemIndex(this, error, i));
				}
			}
		}
		if (!continueOnFail) {
			const [first] = [...invalid.entries()].sort(([a], [b]) => a - b);
			if (first) throw withItemIndex(this, first[1], first[0]);
		}
		for (let i = 0; i < itemCount; i++) {
			if (stoppedBy) {
				const message = `Not run: the run stopped before this item (${stoppedBy.message})`;
				output.push({ json: { error: message }, pairedItem: { item: i } });
				continue;
			}
			const invalidInput = invalid.get(i);
			if (invalidInput) {
				fail(invalidInput, i);
				continue;
			}
			try {
				const data = await operation.execute.call(context, i);
				if (tool && Array.isArray(data) && data.length === 0) {
					output.push(noRecords(i));
					continue;
				}
				if (tool) {
					output.push(...records(i, Array.isArray(data) ? data : [data]));
					continue;
				}
				output.push(
					...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(data), {
						itemData: { item: i },
					}),
				);
			} catch (error) {
				fail(error, i);
			}
		}
	} catch (error) {
		// Thrown past the item loop (a batch's stop, a refused input): the model still gets the decision.
		throw forModel(error as Error);
	}
	return [output];
}

/** The error that stopped item `itemIndex`, naming the items done before it and those not run. */
function withItemsDone(error: Error, itemIndex: number, itemCount: number): Error {
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
