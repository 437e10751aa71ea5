import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type {
	BatchOperation,
	BatchOutcome,
	CheckedItem,
	Operation,
	PerItemOperation,
	ResourceOperations,
} from './operation';
import { markCheckRefusal } from './inputError';
import { withItemsDone } from './stopReport';
import { isToolRun } from './tool';
import { plainRun, type Answered, type RunLayer } from './runLayer';
import { startToolRun } from './toolRun';

export type { BatchOutcome } from './operation';

export interface RouteOptions {
	/** Errors after which no further item can succeed: they stop the node even under Continue On Fail. */
	stopsRun?(error: Error): boolean;
	/** Older operation values that saved workflows hold: old value → current value. */
	oldValues?: Record<string, string>;
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
const own = <T>(record: Record<string, T>, key: string): T | undefined =>
	Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;

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
 * Dispatches `resource` / `operation` for every node of the package and runs the operation: every
 * item is checked before any call (a bad item stops the node, or under Continue On Fail becomes its
 * error item), then the checked items run one by one, several in flight, or grouped into calls.
 * Owns `pairedItem` and Continue On Fail; as an AI agent's tool it runs through the tool layer.
 */
export async function routeOperation(
	this: IExecuteFunctions,
	resources: ResourceOperations,
	options: RouteOptions = {},
): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const value = this.getNodeParameter('operation', 0) as string;
	const operations = own(resources, resource);
	const operation = operations && own(operations, own(options.oldValues ?? {}, value) ?? value);
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${value}" of resource "${resource}" is not supported`,
		);
	}
	const itemCount = this.getInputData().length;
	const layer = isToolRun(this.getNode())
		? startToolRun(this, operation.fields, itemCount)
		: plainRun(this);
	try {
		return [await new Run(this, layer, itemCount, options).run(operation)];
	} catch (error) {
		// Thrown past the items (a stop, a refused input): the model still gets the decision.
		throw layer.failure(error as Error);
	}
}

/** One execution of one operation over the input items. */
class Run {
	private readonly output: INodeExecutionData[] = [];
	private readonly continueOnFail: boolean;
	/** An error after which no further item can succeed (options.stopsRun), under Continue On Fail. */
	private stoppedBy: Error | undefined;

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly layer: RunLayer,
		private readonly itemCount: number,
		private readonly options: RouteOptions,
	) {
		this.continueOnFail = ctx.continueOnFail();
	}

	async run(operation: Operation): Promise<INodeExecutionData[]> {
		if ('runBatch' in operation) await this.runBatch(operation);
		else await this.runItems(operation);
		return this.output;
	}

	/**
	 * Checks every item (the tool layer's refusals first): without Continue On Fail the first bad
	 * item in input order stops the node before any call.
	 */
	private async checkAll<Input>(
		operation: Operation<Input>,
	): Promise<{ checked: Array<CheckedItem<Input>>; refused: Map<number, Error> }> {
		const refused = new Map<number, Error>(this.layer.refusals);
		const checked: Array<CheckedItem<Input>> = [];
		for (let itemIndex = 0; itemIndex < this.itemCount; itemIndex++) {
			if (refused.has(itemIndex)) continue;
			try {
				const checking = operation.check?.call(this.layer.context, itemIndex);
				// Most checks answer at once: awaiting each of 10,000 would cost a turn apiece.
				const input = (checking instanceof Promise ? await checking : checking) as Input;
				checked.push({ itemIndex, input });
			} catch (error) {
				const refusal = withItemIndex(this.ctx, error, itemIndex);
				markCheckRefusal(refusal);
				refused.set(itemIndex, refusal);
			}
		}
		if (!this.continueOnFail) {
			const [first] = [...refused.entries()].sort(([a], [b]) => a - b);
			if (first) throw withItemIndex(this.ctx, first[1], first[0]);
		}
		return { checked, refused };
	}

	/** A failed item: stop the node, or (Continue On Fail) its error item and the run goes on. */
	private fail(error: unknown, itemIndex: number, decidesOwnStop = false): void {
		const wrapped = this.layer.failure(withItemIndex(this.ctx, error, itemIndex));
		const { stopsRun } = this.options;
		if (!this.continueOnFail) {
			if (stopsRun && !decidesOwnStop) throw withItemsDone(wrapped, itemIndex, this.itemCount);
			throw wrapped;
		}
		if (!decidesOwnStop && stopsRun?.(wrapped)) this.stoppedBy ??= wrapped;
		this.output.push({ json: errorItemJson(wrapped), pairedItem: { item: itemIndex } });
	}

	/**
	 * A batch operation runs its checked items together and decides what stops its run; each
	 * item's outcomes come out at its place.
	 */
	private async runBatch<Input>(operation: BatchOperation<Input>): Promise<void> {
		// A batch runs its items together: a refused argument stops it before any call.
		const [refusal] = this.layer.refusals.entries();
		if (refusal) throw withItemIndex(this.ctx, refusal[1], refusal[0]);
		const { checked, refused } = await this.checkAll(operation);
		const outcomes: BatchOutcome[][] = Array.from({ length: this.itemCount }, () => []);
		for (const [itemIndex, error] of refused) outcomes[itemIndex] = [{ error }];
		if (checked.length > 0) {
			const answered = await operation.runBatch.call(this.layer.context, checked);
			for (const { itemIndex } of checked) outcomes[itemIndex] = answered[itemIndex] ?? [];
		}
		outcomes.forEach((itemOutcomes, itemIndex) => {
			if (itemOutcomes.length === 0) {
				this.output.push(...this.layer.answer(itemIndex, []));
				return;
			}
			const found: Answered[] = [];
			const flush = () => {
				if (found.length > 0) this.output.push(...this.layer.answer(itemIndex, found.splice(0)));
			};
			for (const outcome of itemOutcomes) {
				if (!('error' in outcome)) {
					found.push(outcome);
					continue;
				}
				if (!this.layer.answersWhole) flush();
				this.fail(outcome.error, itemIndex, true);
			}
			flush();
		});
	}

	/**
	 * A per-item operation: the checked items run in input order, up to `concurrency` at once. A
	 * failure without Continue On Fail starts no further item; once the items in flight have ended,
	 * the first failure in input order stops the node. An error no later item can survive
	 * (`stopsRun`) under Continue On Fail runs no further item.
	 */
	private async runItems<Input>(operation: PerItemOperation<Input>): Promise<void> {
		const { checked, refused } = await this.checkAll(operation);
		const itemIndexes = Array.from({ length: this.itemCount }, (_item, itemIndex) => itemIndex);
		const wanted = (await operation.concurrency?.call(this.layer.context, itemIndexes)) ?? 1;
		const limit = Math.max(1, Math.floor(wanted));
		if (limit === 1) {
			await this.runInOrder(operation, checked, refused);
			return;
		}
		const results = new Map<number, { data: IDataObject | IDataObject[] } | { error: unknown }>();
		let next = 0;
		let halted = false;
		// The last item started for each `inOrderBy` key: the next one with that key waits for it.
		const lastOfKey = new Map<string, Promise<unknown>>();
		const worker = async () => {
			while (!halted && !this.stoppedBy && next < checked.length) {
				const { itemIndex, input } = checked[next++];
				const key = operation.inOrderBy?.(input);
				const before = key === undefined ? undefined : lastOfKey.get(key);
				const running = (async () => {
					await before;
					if (halted || this.stoppedBy) return;
					try {
						const data = await operation.run.call(this.layer.context, itemIndex, input);
						results.set(itemIndex, { data });
					} catch (error) {
						results.set(itemIndex, { error });
						if (!this.continueOnFail) halted = true;
					}
				})();
				if (key !== undefined) lastOfKey.set(key, running);
				await running;
			}
		};
		await Promise.all(Array.from({ length: Math.min(limit, checked.length) }, worker));
		for (let itemIndex = 0; itemIndex < this.itemCount; itemIndex++) {
			const invalid = refused.get(itemIndex);
			const result = results.get(itemIndex);
			if (invalid) this.fail(invalid, itemIndex);
			else if (result && 'error' in result) this.fail(result.error, itemIndex);
			else if (result) this.output.push(...this.layer.answerRun(itemIndex, result.data));
		}
	}

	/** One item at a time, in input order (an error item or the results as each item ends). */
	private async runInOrder<Input>(
		operation: PerItemOperation<Input>,
		checked: Array<CheckedItem<Input>>,
		refused: Map<number, Error>,
	): Promise<void> {
		const inputs = new Map(checked.map(({ itemIndex, input }) => [itemIndex, input]));
		for (let itemIndex = 0; itemIndex < this.itemCount; itemIndex++) {
			if (this.stoppedBy) {
				const message = `Not run: the run stopped before this item (${this.stoppedBy.message})`;
				this.output.push({ json: { error: message }, pairedItem: { item: itemIndex } });
				continue;
			}
			const invalid = refused.get(itemIndex);
			if (invalid) {
				this.fail(invalid, itemIndex);
				continue;
			}
			try {
				const data = await operation.run.call(
					this.layer.context,
					itemIndex,
					inputs.get(itemIndex) as Input,
				);
				this.output.push(...this.layer.answerRun(itemIndex, data));
			} catch (error) {
				this.fail(error, itemIndex);
			}
		}
	}
}
