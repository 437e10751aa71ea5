import { constructExecutionMetaData, returnJsonArray } from 'n8n-core';
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeProperties,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { BatchOutcome, Operation } from '../../nodes/shared/operation';
import { routeOperation as routeDeclared, type RouteOptions } from '../../nodes/shared/router';
import { testNode } from './fixtures';
import { MEDIUM_NOT_A_SIZE_CHANGE_ARGUMENT } from './messages';

const node = testNode('Node');

/** Operations written for these tests: checked and run item by item, or run as one batch. */
interface ItemOperation {
	description: INodeProperties[];
	validate?(this: IExecuteFunctions, itemIndex: number): void;
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}
interface BatchOperation {
	description: INodeProperties[];
	executeBatch(this: IExecuteFunctions, itemIndexes: number[]): Promise<BatchOutcome[][]>;
}
type ResourceOperations = Record<string, Record<string, ItemOperation | BatchOperation>>;

/** A test operation in the declared shape the router runs. */
function declared(value: string, op: ItemOperation | BatchOperation): Operation {
	const option = { value, name: value, action: value, description: value };
	if ('executeBatch' in op) {
		return {
			option,
			fields: op.description,
			async runBatch(items) {
				return await op.executeBatch.call(
					this,
					items.map(({ itemIndex }) => itemIndex),
				);
			},
		};
	}
	return {
		option,
		fields: op.description,
		check: op.validate,
		async run(itemIndex) {
			return await op.execute.call(this, itemIndex);
		},
	};
}

/** The shared router, over the test operations. */
async function routeOperation(
	this: IExecuteFunctions,
	resources: ResourceOperations,
	options?: RouteOptions,
) {
	const operations = Object.fromEntries(
		Object.entries(resources).map(([resource, ops]) => [
			resource,
			Object.fromEntries(Object.entries(ops).map(([value, op]) => [value, declared(value, op)])),
		]),
	);
	return await routeDeclared.call(this, operations, options);
}

/** The parts of an execute context the router reads. */
function context(itemCount: number, operation: string, continueOnFail: boolean) {
	return {
		getNodeParameter: (name: string) => (name === 'resource' ? 'thing' : operation),
		getInputData: () => Array.from({ length: itemCount }, () => ({ json: {} })),
		continueOnFail: () => continueOnFail,
		getNode: () => node,
		helpers: { constructExecutionMetaData, returnJsonArray },
	} as unknown as IExecuteFunctions;
}

const badItem = (itemIndex: number) =>
	new NodeOperationError(node, `Item ${itemIndex} is bad`, { itemIndex });

const perItem: ItemOperation = {
	description: [],
	validate(itemIndex) {
		if (itemIndex === 1) throw badItem(itemIndex);
	},
	async execute(itemIndex) {
		if (itemIndex === 2) throw new Error('plain failure');
		return [{ n: itemIndex }, { n: itemIndex, second: true }];
	},
};

const batch: BatchOperation = {
	description: [],
	async executeBatch(itemIndexes) {
		return itemIndexes.map((itemIndex) =>
			itemIndex === 1 ? [{ error: badItem(itemIndex) }] : [{ json: { n: itemIndex } }],
		);
	},
};

const refused = new NodeApiError(node, { message: 'no credits' } as JsonObject, {
	httpCode: '402',
});
const failsHard: ItemOperation = {
	description: [],
	async execute(itemIndex) {
		if (itemIndex === 0) throw refused;
		return { n: itemIndex };
	},
};

const resources: ResourceOperations = { thing: { perItem, batch, failsHard } };

const run = async (operation: string, continueOnFail: boolean, stops?: boolean) =>
	await routeOperation.call(
		context(3, operation, continueOnFail),
		resources,
		stops ? { stopsRun: (error) => error === refused } : {},
	);

describe('routeOperation', () => {
	it('pairs every record of an item operation with its item; error items stay in input order', async () => {
		const [output] = await run('perItem', true);
		expect(output).toEqual([
			{ json: { n: 0 }, pairedItem: { item: 0 } },
			{ json: { n: 0, second: true }, pairedItem: { item: 0 } },
			{ json: { error: 'Item 1 is bad' }, pairedItem: { item: 1 } },
			{ json: { error: 'plain failure' }, pairedItem: { item: 2 } },
		]);
	});

	it('validates every item before running any, and stops on the first bad one', async () => {
		const execute = jest.spyOn(perItem, 'execute');
		await expect(run('perItem', false)).rejects.toThrow('Item 1 is bad');
		expect(execute).not.toHaveBeenCalled();
		execute.mockRestore();
	});

	it('wraps a plain error with the index of its item', async () => {
		const validate = jest.spyOn(perItem, 'validate').mockImplementation(() => undefined);
		const error = await run('perItem', false).catch((e: NodeOperationError) => e);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as NodeOperationError).context.itemIndex).toBe(2);
		validate.mockRestore();
	});

	it('pairs batch outcomes with their items, error outcomes as error items', async () => {
		const [output] = await run('batch', true);
		expect(output).toEqual([
			{ json: { n: 0 }, pairedItem: { item: 0 } },
			{ json: { error: 'Item 1 is bad' }, pairedItem: { item: 1 } },
			{ json: { n: 2 }, pairedItem: { item: 2 } },
		]);
		await expect(run('batch', false)).rejects.toThrow('Item 1 is bad');
	});

	it('an error no later item can survive runs no further item; the items before it keep their results', async () => {
		const [output] = await run('failsHard', true);
		expect(output[0]).toEqual({
			json: { error: refused.message, description: 'no credits' },
			pairedItem: { item: 0 },
		});
		expect(output[1]).toEqual({ json: { n: 1 }, pairedItem: { item: 1 } });
		const [stopped] = await run('failsHard', true, true);
		expect(stopped).toEqual([
			{ json: { error: refused.message, description: 'no credits' }, pairedItem: { item: 0 } },
			{
				json: { error: `Not run: the run stopped before this item (${refused.message})` },
				pairedItem: { item: 1 },
			},
			{
				json: { error: `Not run: the run stopped before this item (${refused.message})` },
				pairedItem: { item: 2 },
			},
		]);
		expect(refused.context.itemIndex).toBe(0);
	});

	it('without Continue On Fail, a stopping error after item 0 names the items done and not done', async () => {
		const late = new NodeApiError(node, { message: 'quota' } as JsonObject, {
			message: 'quota',
			httpCode: '429',
		});
		const ctx = context(3, 'failsLate', false);
		await expect(
			routeOperation.call(
				ctx,
				{
					thing: {
						failsLate: {
							description: [],
							async execute(itemIndex) {
								if (itemIndex === 2) throw late;
								return { n: itemIndex };
							},
						},
					},
				},
				{ stopsRun: () => true },
			),
		).rejects.toBe(late);
		expect(late.message).toBe(
			'quota. Done before it stopped: 2 of 3 items (items 0-1); not done: item 2',
		);
		expect(late.description).toContain('run only the items not done (item 2)');
	});

	it('refuses an operation it does not know', async () => {
		await expect(run('nothing', true)).rejects.toThrow(
			'The operation "nothing" of resource "thing" is not supported',
		);
	});

	it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
		'refuses the object-prototype member "%s" as an operation, not with a TypeError',
		async (operation) => {
			await expect(run(operation, true)).rejects.toThrow(
				`The operation "${operation}" of resource "thing" is not supported`,
			);
		},
	);

	it('refuses an object-prototype member as a resource', async () => {
		const ctx = {
			...context(1, 'perItem', true),
			getNodeParameter: (name: string) => (name === 'resource' ? 'constructor' : 'name'),
		} as unknown as IExecuteFunctions;
		await expect(routeOperation.call(ctx, resources)).rejects.toThrow(
			'The operation "name" of resource "constructor" is not supported',
		);
	});

	it('keeps the fix and the request id of an error on its Continue On Fail item', async () => {
		const withFix = new NodeApiError(node, { message: 'refused' } as JsonObject, {
			message: 'The service refused the call',
			description: 'Check the key in the credential',
		});
		withFix.context.requestId = 'req-42';
		const operation: ItemOperation = {
			description: [],
			async execute() {
				throw withFix;
			},
		};
		const [output] = await routeOperation.call(context(1, 'fails', true), {
			thing: { fails: operation },
		});
		expect(output).toEqual([
			{
				json: {
					error: 'The service refused the call',
					description: 'Check the key in the credential',
					requestId: 'req-42',
				},
				pairedItem: { item: 0 },
			},
		]);
	});
});

describe('routeOperation as an AI agent tool', () => {
	const toolNode: INode = {
		...node,
		type: 'test.nodeTool',
		parameters: { query: "={{ $fromAI('company', 'Company name', 'string') }}" },
	};
	const toolContext = (operation: string) =>
		({
			getNodeParameter: (name: string) => (name === 'resource' ? 'thing' : operation),
			getInputData: () => [
				{ json: { chatInput: 'Find Example Inc', toolCallId: 'call_1', company: 'Example Inc' } },
			],
			continueOnFail: () => false,
			getNode: () => toolNode,
			helpers: { constructExecutionMetaData, returnJsonArray },
		}) as unknown as IExecuteFunctions;
	const noRecords = {
		json: {
			found: false,
			message: 'No records: nothing matches this request',
			query: { company: 'Example Inc' },
		},
		pairedItem: { item: 0 },
	};

	it('answers an empty list with "no records" and what the model asked for', async () => {
		const empty: ItemOperation = { description: [], execute: async () => [] };
		const emptyBatch: BatchOperation = { description: [], executeBatch: async () => [[]] };
		const resources: ResourceOperations = { thing: { empty, emptyBatch } };
		expect(await routeOperation.call(toolContext('empty'), resources)).toEqual([[noRecords]]);
		expect(await routeOperation.call(toolContext('emptyBatch'), resources)).toEqual([[noRecords]]);
	});

	it('outside a tool run, an empty list stays no item', async () => {
		const empty: ItemOperation = { description: [], execute: async () => [] };
		expect(await routeOperation.call(context(1, 'empty', false), { thing: { empty } })).toEqual([
			[],
		]);
	});
});

describe('routeOperation as an AI agent tool: choices, bounded answers, decisions', () => {
	const sizeField = {
		displayName: 'Size',
		name: 'size',
		type: 'multiOptions' as const,
		default: [],
		options: [
			{ name: 'Micro (1-10)', value: '1-10' },
			{ name: 'Large (201-1,000)', value: '201-1000' },
		],
	};
	const toolNode: INode = {
		...node,
		type: 'test.nodeTool',
		parameters: { size: "={{ $fromAI('size', 'Company sizes', 'string') }}", limit: 50 },
	};
	/** A tool run's context: the model's argument `size`, and the node's other parameters. */
	const toolContext = (operation: string, parameters: Record<string, unknown>) =>
		({
			getNodeParameter: (name: string, _item: number, fallback?: unknown) => {
				if (name === 'resource') return 'thing';
				if (name === 'operation') return operation;
				return name in parameters ? parameters[name] : fallback;
			},
			getInputData: () => [{ json: { chatInput: 'Find firms', toolCallId: 'call_1' } }],
			continueOnFail: () => false,
			getNode: () => toolNode,
			helpers: { constructExecutionMetaData, returnJsonArray },
		}) as unknown as IExecuteFunctions;

	it('hands the operation the option values the model named, and refuses unknown ones before it runs', async () => {
		const seen: unknown[] = [];
		const search: ItemOperation = {
			description: [sizeField],
			async execute(itemIndex) {
				seen.push(this.getNodeParameter('size', itemIndex));
				return [{ ok: true }];
			},
		};
		await routeOperation.call(toolContext('search', { size: 'large (201-1,000)' }), {
			thing: { search },
		});
		expect(seen).toEqual([['201-1000']]);

		await expect(
			routeOperation.call(toolContext('search', { size: 'Medium' }), { thing: { search } }),
		).rejects.toThrow(MEDIUM_NOT_A_SIZE_CHANGE_ARGUMENT);
		expect(seen).toHaveLength(1);
	});

	it('cuts a long answer to Max Records with a closing note of how many more matched', async () => {
		const many: ItemOperation = {
			description: [
				sizeField,
				{ displayName: 'Limit', name: 'limit', type: 'number', default: 50 },
			],
			execute: async () => Array.from({ length: 8 }, (_v, n) => ({ n })),
		};
		const [output] = await routeOperation.call(
			toolContext('many', { size: '1-10', toolAnswerLimits: { maxRecords: 5 }, limit: 50 }),
			{ thing: { many } },
		);
		expect(output.map((item) => item.json)).toEqual([
			{ n: 0 },
			{ n: 1 },
			{ n: 2 },
			{ n: 3 },
			{ n: 4 },
			{ note: '3 more matched: narrow the filter or raise Limit' },
		]);
		expect(output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('cuts by characters too, and says when the Limit stopped the records', async () => {
		const wide: ItemOperation = {
			description: [{ displayName: 'Limit', name: 'limit', type: 'number', default: 50 }],
			execute: async () => Array.from({ length: 4 }, (_v, n) => ({ n, text: 'x'.repeat(600) })),
		};
		const [cut] = await routeOperation.call(
			toolContext('wide', { toolAnswerLimits: { maxCharacters: 1500 }, limit: 4 }),
			{ thing: { wide } },
		);
		expect(cut.map((item) => item.json.n ?? item.json.note)).toEqual([
			0,
			1,
			'2 more matched: narrow the filter or raise Limit',
		]);
		const [limited] = await routeOperation.call(toolContext('wide', { limit: 4 }), {
			thing: { wide },
		});
		expect(limited.map((item) => item.json.n ?? item.json.note)).toEqual([
			0,
			1,
			2,
			3,
			'More may have matched: Limit (4) was reached; narrow the filter or raise Limit',
		]);
	});

	it("appends the decision to a failure's message, once, in a tool run only", async () => {
		const fails: ItemOperation = {
			description: [],
			execute: async () => {
				throw new NodeApiError(node, { message: 'x' } as JsonObject, {
					message: 'The service answered HTTP 503',
					description: 'Try later.',
					httpCode: '503',
				});
			},
		};
		await expect(
			routeOperation.call(toolContext('fails', {}), { thing: { fails } }),
		).rejects.toThrow(
			/^The service answered HTTP 503\. Retry: call this tool again with the same arguments in 60 seconds; if it fails again, stop and tell the user\.$/,
		);
		await expect(
			routeOperation.call(context(1, 'fails', false), { thing: { fails } }),
		).rejects.toThrow(/^The service answered HTTP 503$/);
	});
});
