import type { IDataObject, IExecuteFunctions, IGetNodeParameterOptions, INode } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import { plainFieldReader } from './fieldReference';
import { savedParameter } from './tool';

/**
 * Per-item parameter reads that pay n8n's expression evaluator at most once per item and
 * parameter, and not at all where they need not: reading a parameter through n8n costs far more
 * than a batching operation's own work per item (a CPU profile of 1,000 look-ups put 800 of 822 ms
 * in it).
 */

type Reader = (itemIndex: number) => unknown;

function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value !== null && typeof value === 'object')
		return Object.values(value).some(holdsExpression);
	return false;
}

/** Whether parameter `name` is the same for every item: saved without an expression. */
export function isFixedParameter(node: INode, name: string): boolean {
	return !holdsExpression(savedParameter(node, name));
}

/**
 * A reader of parameter `name` for each item: a fixed value is read once per execution (it is the
 * same for every item), a plain field reference (`{{ $json.email }}`) is read from the item
 * without n8n's evaluator (`plainFieldReader`), and any other expression goes through n8n.
 */
export function parameterOf<T>(
	ctx: IExecuteFunctions,
	name: string,
	fallback: T,
	options?: IGetNodeParameterOptions,
): (itemIndex: number) => T {
	const raw = savedParameter(ctx.getNode(), name);
	// The item last read and its value: a second read of the same item costs nothing.
	let readItem: number | undefined;
	let value: T = fallback;
	const readOnce = (itemIndex: number) => {
		if (readItem !== itemIndex) {
			value = ctx.getNodeParameter(name, itemIndex, fallback, options) as T;
			readItem = itemIndex;
		}
		// n8n gives each read its own copy of a collection; so does this (callers may change it).
		return value !== null && typeof value === 'object' ? deepCopy(value) : value;
	};
	if (!holdsExpression(raw)) {
		// The same for every item: read once, for the first item that asks.
		return (itemIndex) => readOnce(readItem ?? itemIndex);
	}
	return (
		(plainFieldReader(ctx, raw, readOnce) as ((itemIndex: number) => T) | undefined) ?? readOnce
	);
}

/**
 * A column mapper (resource mapper) parameter for each item, without the list of the record type's
 * fields that the editor saves in it (`schema`), which no operation reads. n8n would resolve and
 * copy that list with the parameter for every item: 10,000 upserts with a 150-field list spent 1.3 s
 * on it mapped automatically, 2.8 s with fields mapped by expressions, before the first call. So a
 * fixed mapper is read once, and mapped values are read one by one (`parameterOf`: a plain field
 * reference straight from the item), as n8n would resolve them.
 */
export function mapperOf(
	ctx: IExecuteFunctions,
	name = 'columns',
): (itemIndex: number) => IDataObject {
	const saved = savedParameter(ctx.getNode(), name);
	const whole = (itemIndex: number): IDataObject => {
		const mapper = { ...(ctx.getNodeParameter(name, itemIndex, {}) as IDataObject) };
		delete mapper.schema;
		return mapper;
	};
	if (!holdsExpression(saved)) {
		let fixed: IDataObject | undefined;
		return (itemIndex) => deepCopy((fixed ??= whole(itemIndex)));
	}
	const { value, ...rest } = saved as IDataObject;
	delete rest.schema;
	const keys = value !== null && typeof value === 'object' ? Object.keys(value) : [];
	// Expressions outside the mapped values, or a field name n8n's dotted path cannot hold.
	if (holdsExpression(rest) || Array.isArray(value) || keys.some((key) => key.includes('.'))) {
		return whole;
	}
	const readers = keys.map(
		(key) => [key, parameterOf<unknown>(ctx, `${name}.value.${key}`, undefined)] as const,
	);
	return (itemIndex) => ({
		...deepCopy(rest),
		value: Object.fromEntries(readers.map(([key, read]) => [key, read(itemIndex)])),
	});
}

/** One execution's readers, by parameter: the execution context is one object per node run. */
const readersOfRun = new WeakMap<IExecuteFunctions, Map<string, Reader>>();

/**
 * `ctx.getNodeParameter(name, itemIndex, fallback, options)` for code that reads item by item
 * (a lookup's `prepare`, a record's `format`): the same value, read through this execution's
 * `parameterOf` reader of that parameter.
 */
export function itemParameter<T>(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	fallback: T,
	options?: IGetNodeParameterOptions,
): T {
	let readers = readersOfRun.get(ctx);
	if (!readers) {
		readers = new Map();
		readersOfRun.set(ctx, readers);
	}
	const key = options?.extractValue ? `${name}\u0000extractValue` : name;
	let reader = readers.get(key);
	if (!reader) {
		reader = parameterOf(ctx, name, fallback, options) as Reader;
		readers.set(key, reader);
	}
	return reader(itemIndex) as T;
}
