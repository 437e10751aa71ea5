import type { IExecuteFunctions, IGetNodeParameterOptions } from 'n8n-workflow';
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
