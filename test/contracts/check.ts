/**
 * Checks a request or an answer against a service contract (`types.ts`). Each problem is one line
 * that names where the value sits (`body.contacts[0].email`) and what is wrong with it.
 */
import type { Endpoint, JsonType, Schema, ServiceContract } from './types';

const typeOf = (value: unknown): JsonType => {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
	return typeof value as JsonType;
};

const fits = (actual: JsonType, wanted: JsonType) =>
	actual === wanted || (actual === 'integer' && wanted === 'number');

/** Where a value sits, built only when a problem names it (most values have none). */
type At = () => string;

/** Compiled once per pattern: a contract checks the same few patterns on every value. */
const patterns = new Map<string, RegExp>();
const patternOf = (source: string) => {
	let pattern = patterns.get(source);
	if (!pattern) patterns.set(source, (pattern = new RegExp(source)));
	return pattern;
};

/** The problems of one value against its schema; none when it fits. */
export function validate(schema: Schema, value: unknown, at: string): string[] {
	const problems: string[] = [];
	check(schema, value, () => at, problems);
	return problems;
}

/** Adds the problems of `value` against `schema` to `problems`. */
function check(schema: Schema, value: unknown, at: At, problems: string[]): void {
	if (schema.anyOf) {
		const tries = schema.anyOf.map((option) => {
			const found: string[] = [];
			check(option, value, at, found);
			return found;
		});
		if (!tries.some((found) => found.length === 0))
			problems.push(
				`${at()} matches none of its documented shapes (${tries.map((t) => t[0]).join('; ')})`,
			);
		return;
	}
	if (schema.type !== undefined) {
		const wanted = typeof schema.type === 'string' ? [schema.type] : schema.type;
		const actual = typeOf(value);
		if (!wanted.some((type) => fits(actual, type))) {
			problems.push(`${at()} is ${actual}, the document says ${wanted.join(' or ')}`);
			return;
		}
	}
	if (schema.enum && !schema.enum.includes(value as string)) {
		problems.push(`${at()} is ${JSON.stringify(value)}, not one of ${JSON.stringify(schema.enum)}`);
		return;
	}
	if (typeof value === 'number') {
		if (schema.minimum !== undefined && value < schema.minimum)
			problems.push(`${at()} is ${value}, below the minimum ${schema.minimum}`);
		if (schema.maximum !== undefined && value > schema.maximum)
			problems.push(`${at()} is ${value}, above the maximum ${schema.maximum}`);
	}
	if (typeof value === 'string') {
		if (schema.minLength !== undefined && value.length < schema.minLength)
			problems.push(`${at()} is shorter than ${schema.minLength} characters`);
		if (schema.maxLength !== undefined && value.length > schema.maxLength)
			problems.push(`${at()} is longer than ${schema.maxLength} characters`);
		if (schema.pattern !== undefined && !patternOf(schema.pattern).test(value))
			problems.push(`${at()} does not match ${schema.pattern}`);
	}
	if (Array.isArray(value)) {
		if (schema.minItems !== undefined && value.length < schema.minItems)
			problems.push(`${at()} has ${value.length} entries, fewer than ${schema.minItems}`);
		if (schema.maxItems !== undefined && value.length > schema.maxItems)
			problems.push(`${at()} has ${value.length} entries, more than ${schema.maxItems}`);
		if (schema.items) {
			const items = schema.items;
			value.forEach((entry, index) => check(items, entry, () => `${at()}[${index}]`, problems));
		}
	}
	if (
		typeOf(value) === 'object' &&
		(schema.properties || schema.required || schema.additionalProperties !== undefined)
	) {
		const record = value as Record<string, unknown>;
		for (const name of schema.required ?? []) {
			if (record[name] === undefined) problems.push(`${at()}.${name} is required and missing`);
		}
		for (const name in record) {
			const field = record[name];
			if (field === undefined || !Object.hasOwn(record, name)) continue;
			const known = schema.properties?.[name];
			if (known) check(known, field, () => `${at()}.${name}`, problems);
			else if (typeof schema.additionalProperties === 'object')
				check(schema.additionalProperties, field, () => `${at()}.${name}`, problems);
			else if (schema.additionalProperties !== true)
				problems.push(`${at()}.${name} is not a field the document defines`);
		}
	}
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A contract's endpoints as path patterns, literal paths first, compiled once per contract. */
const compiled = new WeakMap<
	ServiceContract,
	Array<{ endpoint: Endpoint; pattern: RegExp; names: string[] }>
>();
function patternsOf(contract: ServiceContract) {
	let list = compiled.get(contract);
	if (list) return list;
	// A literal path wins over a pattern (`program/byName.json` over `program/{id}.json`).
	const byParams = [...contract.endpoints].sort(
		(a, b) => a.path.split('{').length - b.path.split('{').length,
	);
	list = byParams.map((endpoint) => {
		const names: string[] = [];
		const source = endpoint.path
			.split(/(\{[^}]+\})/)
			.map((part) => {
				const name = /^\{([^}]+)\}$/.exec(part)?.[1];
				if (name === undefined) return escape(part);
				names.push(name);
				return '([^/]+)';
			})
			.join('');
		return { endpoint, pattern: new RegExp(`^${source}$`), names };
	});
	compiled.set(contract, list);
	return list;
}

/** The endpoint a request is for, and its path parameters; undefined when the contract has none. */
export function matchEndpoint(
	contract: ServiceContract,
	method: string,
	path: string,
): { endpoint: Endpoint; params: Record<string, string> } | undefined {
	const relative =
		contract.prefix && path.startsWith(contract.prefix) ? path.slice(contract.prefix.length) : path;
	for (const { endpoint, pattern, names } of patternsOf(contract)) {
		if (endpoint.method !== method) continue;
		const found = pattern.exec(relative);
		if (found) {
			const params = Object.fromEntries(
				names.map((name, i) => [name, decodeURIComponent(found[i + 1])]),
			);
			return { endpoint, params };
		}
	}
	return undefined;
}

/** A query or path value (always text on the wire) read as the type its schema gives. */
function readText(schema: Schema, text: string): unknown {
	const types =
		schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type;
	if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(text))
		return Number(text);
	if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
	if (types.includes('array')) return text.split(',');
	return text;
}

export interface RequestToCheck {
	method: string;
	path: string;
	query: URLSearchParams;
	contentType?: string;
	/** The parsed body, or undefined when none was sent. */
	body: unknown;
}

export interface RequestCheck {
	endpoint?: Endpoint;
	params: Record<string, string>;
	/** What the service's document does not allow in this request (empty: allowed). */
	problems: string[];
}

/** Checks a request against the contract: its endpoint, query, content type and body. */
export function checkRequest(contract: ServiceContract, request: RequestToCheck): RequestCheck {
	const match = matchEndpoint(contract, request.method, request.path);
	if (!match) {
		return {
			params: {},
			problems: [
				`${request.method} ${request.path} has no entry in the ${contract.service} contract`,
			],
		};
	}
	const { endpoint, params } = match;
	const spec = endpoint.request ?? {};
	const problems: string[] = [];
	for (const [name, schema] of Object.entries(spec.params ?? {})) {
		if (params[name] !== undefined)
			problems.push(...validate(schema, readText(schema, params[name]), `path.${name}`));
	}
	const query: Record<string, unknown> = {};
	for (const name of new Set(request.query.keys())) {
		const schema = spec.query?.properties?.[name] ?? {};
		const values = request.query.getAll(name).map((text) => readText(schema, text));
		query[name] = values.length === 1 ? values[0] : values.flat();
	}
	problems.push(...validate(spec.query ?? { type: 'object', properties: {} }, query, 'query'));
	if (request.body !== undefined && request.body !== '') {
		const type = request.contentType?.split(';')[0].trim().toLowerCase();
		if (!spec.body) problems.push(`${endpoint.method} ${endpoint.path} takes no body`);
		else {
			const accepted = spec.contentType ?? ['application/json'];
			if (!type || !accepted.includes(type)) {
				problems.push(`content type ${type ?? '(none)'} is not ${accepted.join(' or ')}`);
			} else problems.push(...validate(spec.body, request.body, 'body'));
		}
	} else if (spec.body && (spec.body.required?.length || spec.body.type === 'array')) {
		problems.push('the body is required and missing');
	}
	return { endpoint, params, problems };
}

/** The documented schema of an answer with this status, if any. */
export function answerSchema(endpoint: Endpoint, status: number): Schema | undefined {
	return (
		endpoint.answers[String(status)] ??
		endpoint.answers[`${String(status)[0]}xx`] ??
		endpoint.answers.default
	);
}

/** Checks an answer against its endpoint's documented answers. */
export function checkAnswer(endpoint: Endpoint, status: number, body: unknown): string[] {
	const schema = answerSchema(endpoint, status);
	if (!schema) {
		return [
			`${endpoint.method} ${endpoint.path} answered ${status}, a status its document does not give`,
		];
	}
	return validate(schema, body, 'answer').map(
		(problem) => `${endpoint.method} ${endpoint.path} ${status}: ${problem}`,
	);
}
