import type { IExecuteFunctions, INodeParameters } from 'n8n-workflow';

import * as fieldReference from '../../nodes/shared/fieldReference';
import { itemParameter, mapperOf, parameterOf } from '../../nodes/shared/itemParameters';
import { items, withSimulator, type Params } from '../harness/enrichment';
import { EXPRESSIONS, ITEMS } from './expressionTable';

/** An execution context over `inputs` whose getNodeParameter counts its reads (n8n's evaluator). */
function contextOf(parameters: INodeParameters, inputs: Array<Record<string, unknown>>) {
	const reads: Array<[name: string, itemIndex: number]> = [];
	const evaluate = (value: unknown, itemIndex: number): unknown => {
		// Enough of n8n's evaluator for these tests: the value of the first `$json.<field>`.
		const field = typeof value === 'string' && /^=.*\$json\.(\w+)/.exec(value)?.[1];
		if (field) return inputs[itemIndex][field];
		if (Array.isArray(value)) return value.map((inner) => evaluate(inner, itemIndex));
		if (value !== null && typeof value === 'object') {
			return Object.fromEntries(
				Object.entries(value).map(([key, inner]) => [key, evaluate(inner, itemIndex)]),
			);
		}
		return value;
	};
	const ctx = {
		getNode: () => ({ parameters: structuredClone(parameters) }),
		getInputData: () => inputs.map((json) => ({ json })),
		getNodeParameter: (name: string, itemIndex: number, fallback: unknown) => {
			reads.push([name, itemIndex]);
			let value: unknown = parameters;
			for (const key of name.split('.')) value = (value as Record<string, unknown>)?.[key];
			return value === undefined ? fallback : evaluate(value, itemIndex);
		},
	} as unknown as IExecuteFunctions;
	return { ctx, reads };
}

const INPUTS = [{ email: 'a@example.com' }, { email: null }, { email: 'c@example.com' }];

describe('mapperOf', () => {
	const schema = [
		{ id: 'email', displayName: 'Email', type: 'string', display: true, removed: false },
		{ id: 'company', displayName: 'Company', type: 'string', display: true, removed: false },
	];

	it('reads a fixed mapper once, without its field list, a copy for each item', () => {
		const columns = {
			mappingMode: 'autoMapInputData',
			value: null,
			matchingColumns: ['email'],
			schema,
		};
		const { ctx, reads } = contextOf({ columns }, INPUTS);
		const columnsOf = mapperOf(ctx);
		const first = columnsOf(0);
		expect(first).toEqual({
			mappingMode: 'autoMapInputData',
			value: null,
			matchingColumns: ['email'],
		});
		(first.matchingColumns as string[]).push('changed by item 0');
		expect(columnsOf(1)).toEqual({
			mappingMode: 'autoMapInputData',
			value: null,
			matchingColumns: ['email'],
		});
		expect(columnsOf(2)).not.toHaveProperty('schema');
		expect(reads).toEqual([['columns', 0]]);
	});

	it('reads mapped values one by one, a plain field reference from the item, the rest once', () => {
		const columns = {
			mappingMode: 'defineBelow',
			value: { email: '={{ $json.email }}', company: 'Acme' },
			matchingColumns: ['email'],
			schema,
		};
		const { ctx, reads } = contextOf({ columns }, INPUTS);
		const columnsOf = mapperOf(ctx);
		const defined = (email: unknown) => ({
			mappingMode: 'defineBelow',
			value: { email, company: 'Acme' },
			matchingColumns: ['email'],
		});
		expect([0, 1, 2].map(columnsOf)).toEqual([
			defined('a@example.com'),
			defined(null),
			defined('c@example.com'),
		]);
		// n8n is asked for the fixed value once, and for the reference only where it is not plain.
		expect(reads).toEqual([
			['columns.value.company', 0],
			['columns.value.email', 1],
		]);
	});

	it('reads the whole mapper through n8n for each item where its field names hold a dot', () => {
		const columns = {
			mappingMode: 'defineBelow',
			value: { 'a.b': '={{ $json.email }}' },
			matchingColumns: [],
			schema,
		};
		const { ctx, reads } = contextOf({ columns }, INPUTS);
		expect(mapperOf(ctx)(2)).toEqual({
			mappingMode: 'defineBelow',
			value: { 'a.b': 'c@example.com' },
			matchingColumns: [],
		});
		expect(reads).toEqual([['columns', 2]]);
	});
});

describe('parameterOf', () => {
	it('reads a fixed value once per execution, for the first item that asks', () => {
		const { ctx, reads } = contextOf({ simplify: false }, INPUTS);
		const simplifyOf = parameterOf(ctx, 'simplify', true);
		expect([0, 1, 2].map(simplifyOf)).toEqual([false, false, false]);
		expect(reads).toEqual([['simplify', 0]]);
	});

	it('gives each item its own copy of a fixed collection', () => {
		const { ctx, reads } = contextOf({ options: { statusName: 'Registered' } }, INPUTS);
		const optionsOf = parameterOf<Record<string, unknown>>(ctx, 'options', {});
		const first = optionsOf(0);
		first.statusName = 'changed by item 0';
		expect(optionsOf(1)).toEqual({ statusName: 'Registered' });
		expect(reads).toEqual([['options', 0]]);
	});

	it('reads a plain field reference from the item, and asks n8n only where the field is not plain', () => {
		const { ctx, reads } = contextOf({ email: '={{ $json.email }}' }, INPUTS);
		const emailOf = parameterOf<unknown>(ctx, 'email', '');
		expect([0, 1, 2].map(emailOf)).toEqual(['a@example.com', null, 'c@example.com']);
		expect(reads).toEqual([['email', 1]]);
	});

	it('evaluates any other expression once per item, however often the item asks', () => {
		const { ctx, reads } = contextOf(
			{ options: { statusName: '={{ $json.email.trim() }}' } },
			INPUTS,
		);
		const statusOf = parameterOf<unknown>(ctx, 'options.statusName', '');
		expect([0, 0, 1, 1, 2].map(statusOf)).toEqual([
			'a@example.com',
			'a@example.com',
			null,
			null,
			'c@example.com',
		]);
		expect(reads).toEqual([
			['options.statusName', 0],
			['options.statusName', 1],
			['options.statusName', 2],
		]);
	});

	it('reads a value inside a collection by its dotted name, without the evaluator when plain', () => {
		const { ctx, reads } = contextOf({ options: { errorOnNoMatch: true } }, INPUTS);
		expect(parameterOf(ctx, 'options.errorOnNoMatch', false)(2)).toBe(true);
		expect(parameterOf(ctx, 'options.missing', 'fallback')(0)).toBe('fallback');
		expect(reads).toEqual([
			['options.errorOnNoMatch', 2],
			['options.missing', 0],
		]);
	});
});

describe('itemParameter', () => {
	it('keeps one reader per parameter for the whole execution', () => {
		const { ctx, reads } = contextOf({ identifyBy: 'email', simplify: true }, INPUTS);
		for (const i of [0, 1, 2]) {
			expect(itemParameter(ctx, 'identifyBy', i, '')).toBe('email');
			expect(itemParameter(ctx, 'simplify', i, false)).toBe(true);
		}
		expect(reads).toEqual([
			['identifyBy', 0],
			['simplify', 0],
		]);
	});

	it('starts afresh in another execution (another context)', () => {
		const first = contextOf({ identifyBy: 'email' }, INPUTS);
		const second = contextOf({ identifyBy: 'networkUrl' }, INPUTS);
		expect(itemParameter(first.ctx, 'identifyBy', 0, '')).toBe('email');
		expect(itemParameter(second.ctx, 'identifyBy', 0, '')).toBe('networkUrl');
	});
});

/**
 * The enrichment nodes' lookups over the table of expressions (`expressionTable.ts`), as shipped
 * and with the fast path switched off: the same requests, outputs and errors.
 */
describe('enrichment lookups read identifiers the same as n8n does', () => {
	const env = withSimulator();

	/** The table's items with two of their addresses replaced by records the service holds. */
	const itemsHolding = (found: string, nested: string) =>
		JSON.parse(
			JSON.stringify(ITEMS)
				.replace('"ana@example.com"', JSON.stringify(found))
				.replace('"ANA@EXAMPLE.COM"', JSON.stringify(found.toUpperCase()))
				.replace('"jo@example.com"', JSON.stringify(nested)),
		) as Params[];

	const NODES = {
		'Global Enrichment, Contact → Enrich': {
			run: env.runGlobalService,
			service: 'global' as const,
			parameters: { resource: 'contact', operation: 'enrich', identifyBy: 'email' },
			items: itemsHolding('ana.silva@northwind.example.com', 'mia@fabrikam.example.com.au'),
		},
		'ANZ Sales Intelligence, Person → Enrich': {
			run: env.runAnzService,
			service: 'anz' as const,
			parameters: { resource: 'person', operation: 'enrich', identifyBy: 'email' },
			items: itemsHolding(
				'jane.citizen@southerncross.example.com.au',
				'aroha@harbourfreight.example.co.nz',
			),
		},
	};

	const cases = Object.keys(NODES).flatMap((node) =>
		EXPRESSIONS.map(
			([expression, plain]) =>
				[node, expression, plain !== undefined] as [keyof typeof NODES, string, boolean],
		),
	);

	it.each(cases)('%s: %s', async (node, expression, plain) => {
		const { run, service, parameters, items: inputs } = NODES[node];
		const lookUp = async () => {
			const result = await run({ ...parameters, email: expression }, inputs, true);
			const calls = env.sim.services[service].calls.map(
				(c) => `${c.method} ${c.path} ${c.query ?? ''} ${JSON.stringify(c.body)}`,
			);
			env.sim.services[service].calls.length = 0;
			return { calls, output: result.error ? [] : items(result), error: result.error?.message };
		};
		const taken = jest.spyOn(fieldReference, 'plainFieldReader');
		const fast = await lookUp();
		// A plain reference takes the fast path; anything else goes through n8n.
		expect(taken.mock.results.some(({ value }) => typeof value === 'function')).toBe(plain);
		taken.mockRestore();
		const reader = jest.spyOn(fieldReference, 'plainFieldReader').mockReturnValue(undefined);
		const evaluated = await lookUp();
		reader.mockRestore();
		expect(fast).toEqual(evaluated);
		// Some items found, some not: the comparison covers both.
		if (expression === '={{ $json.email }}') {
			expect(fast.output.map(({ json }) => json.found ?? 'error')).toEqual([true, true, 'error']);
		}
	});
});
