import type {
	IBinaryKeyData,
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

/**
 * One operation, declared once in its own `<op>.operation.ts`: the option the editor lists, its
 * fields, how one item is checked, and how the checked items are run (one call per item, or
 * grouped into calls). The shared router runs every operation the same way: it checks every item
 * before any call and owns Continue On Fail, pairedItem, concurrency and partial results.
 */

/** The entry of the Operation selector (n8n: Get Many is `getAll`; the action in sentence case). */
interface OperationOption {
	value: string;
	name: string;
	action: string;
	description: string;
}

/** One input item's outcome: an output item, or its error. */
export type BatchOutcome = { json: IDataObject; binary?: IBinaryKeyData } | { error: Error };

/** An item that passed its check, with what the check read. */
export interface CheckedItem<Input> {
	itemIndex: number;
	input: Input;
}

interface Declaration<Input> {
	option: OperationOption;
	/** The operation's own fields; the resource shows them for this operation only. */
	fields: INodeProperties[];
	/** The first node version that has the operation (saved workflows of older versions lack it). */
	since?: number;
	/** The last node version that offers the operation (a later version moved it elsewhere). */
	until?: number;
	/**
	 * Reads and checks one item (throw to refuse it). The router runs it for every item before the
	 * first call: bad input stops the node, or under Continue On Fail becomes that item's error.
	 */
	check?(this: IExecuteFunctions, itemIndex: number): Input | Promise<Input>;
}

/** Run once per item: up to `concurrency` items in flight, outputs in input order. */
export interface PerItemOperation<Input = unknown> extends Declaration<Input> {
	/** Items in flight at once, from every item's index (one when absent); started in input order. */
	concurrency?(this: IExecuteFunctions, itemIndexes: number[]): number | Promise<number>;
	/**
	 * Items with the same key run one after another, in input order, however many are in flight
	 * (e.g. messages to one conversation, which the service takes one at a time).
	 */
	inOrderBy?(input: Input): string | undefined;
	run(
		this: IExecuteFunctions,
		itemIndex: number,
		input: Input,
	): Promise<IDataObject | IDataObject[]>;
}

/**
 * Run for all checked items at once, grouped into calls (batches, merged duplicates): returns each
 * item's outcomes, indexed by item index. Under Continue On Fail a failed call becomes the error
 * outcome of each of its items; without it, the operation throws (see `batches`' `failItems`).
 */
export interface BatchOperation<Input = unknown> extends Declaration<Input> {
	runBatch(this: IExecuteFunctions, items: Array<CheckedItem<Input>>): Promise<BatchOutcome[][]>;
}

export type Operation<Input = unknown> = PerItemOperation<Input> | BatchOperation<Input>;

/** Declares an operation (the type checks its shape; the value is the declaration itself). */
export function defineOperation<Input = void>(
	operation: PerItemOperation<Input>,
): PerItemOperation<Input>;
export function defineOperation<Input = void>(
	operation: BatchOperation<Input>,
): BatchOperation<Input>;
export function defineOperation<Input>(operation: Operation<Input>): Operation<Input> {
	return operation;
}

/** The operations of a node: resource value → operation value → operation (fields scoped). */
export type ResourceOperations = Record<string, Record<string, Operation>>;

type Show = NonNullable<IDisplayOptions['show']>;

interface ResourceOptions {
	/** The operation the selector starts on. */
	default: string;
	/**
	 * Operations renamed in node version `since`: current value → the value older versions saved.
	 * Each version lists its own value; the fields and the router take both.
	 */
	renamed?: { since: number; values: Record<string, string> };
	/**
	 * Node versions as display conditions, oldest first: one selector each where an operation is
	 * newer than the node (see `since`); a single entry limits the resource to those versions.
	 */
	versions?: Array<{ version: number; show: Show }>;
}

export interface Resource {
	value: string;
	/** The Operation selector(s), then every operation's fields. */
	properties: INodeProperties[];
	/** Operation value → operation, its fields shown for it alone. */
	operations: Record<string, Operation>;
}

/**
 * An operation's entries in the Operation selector of the versions before a rename: its old value,
 * and its current value hidden (so n8n, which describes a node as an AI tool from a resource's first
 * Operation selector whatever the version, finds the action of either value there).
 */
function optionsOf(
	option: OperationOption,
	renamed: ResourceOptions['renamed'],
): INodePropertyOptions[] {
	const old = renamed?.values[option.value];
	if (!renamed || !old) return [{ ...option }];
	return [
		{ ...option, displayOptions: { show: { '@version': [{ _cnd: { gte: renamed.since } }] } } },
		{ ...option, value: old },
	];
}

/**
 * A resource from its operations' declarations: the Operation selector lists their options sorted
 * by name (one selector per node version when an operation is newer than the node), each
 * operation's fields are shown for it alone, and the router finds each operation by its value.
 */
export function defineResource(
	resource: string,
	operations: Operation[],
	options: ResourceOptions,
): Resource {
	const byValue: Record<string, Operation> = {};
	const fields: INodeProperties[] = [];
	for (const operation of operations) {
		const { value } = operation.option;
		const old = options.renamed?.values[value];
		const scoped = updateDisplayOptions(
			{ show: { resource: [resource], operation: old ? [value, old] : [value] } },
			operation.fields,
		);
		byValue[value] = { ...operation, fields: scoped };
		fields.push(...scoped);
	}
	const defaultValue = options.default;
	const selector = (show: Show, list: Operation[]): INodeProperties => ({
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource], ...show } },
		options: list.map(({ option }) => ({ ...option })).sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultValue,
	});
	const versions = options.versions ?? [];
	const offers = (operation: Operation, version: number) =>
		(operation.since ?? 0) <= version && version <= (operation.until ?? Infinity);
	const perVersion = versions.some(({ version }) => operations.some((op) => !offers(op, version)));
	const { renamed } = options;
	if (renamed && versions.length > 0) {
		throw new Error(`Resource ${resource}: renamed operations and versions cannot be combined`);
	}
	// n8n describes a tool from the first Operation selector of a resource, whatever the version:
	// the one offering the most operations comes first (the newest on a tie). n8n's node panel lists
	// the actions of the first selector shown in the node's default version, and ignores an
	// option's own display conditions: after a rename, the versions before it get a selector of
	// their own (first, with both values), and the newer ones one with the current values only.
	const selectors = perVersion
		? versions
				.map(({ version, show }) =>
					selector(
						show,
						operations.filter((op) => offers(op, version)),
					),
				)
				.reverse()
				.sort((a, b) => (b.options?.length ?? 0) - (a.options?.length ?? 0))
		: renamed
			? [
					{
						...selector({ '@version': [{ _cnd: { lt: renamed.since } }] }, operations),
						options: operations
							.flatMap(({ option }) => optionsOf(option, renamed))
							.sort((a, b) => a.name.localeCompare(b.name)),
					},
					selector({ '@version': [{ _cnd: { gte: renamed.since } }] }, operations),
				]
			: [selector(versions.length === 1 ? versions[0].show : {}, operations)];
	return { value: resource, properties: [...selectors, ...fields], operations: byValue };
}
