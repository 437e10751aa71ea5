import type { IExecuteFunctions } from 'n8n-workflow';

import { apiCallOperation, type ApiCallRequest } from '../../nodes/shared/apiCall';
import { defineResource } from '../../nodes/shared/operation';
import { testNode } from './fixtures';
import { endpointDotSegmentRefused } from './messages';

const node = testNode('API Call');

/** An execute context whose item parameters are `params` (dotted names read nested values). */
function context(params: Record<string, unknown>) {
	const read = (name: string, _itemIndex: number, fallback?: unknown) => {
		let value: unknown = params;
		for (const part of name.split('.')) value = (value as Record<string, unknown>)?.[part];
		return value === undefined ? fallback : value;
	};
	return { getNodeParameter: read, getNode: () => node } as unknown as IExecuteFunctions;
}

function operation(baseUrl = 'https://api.example.com/v2/') {
	const sent: ApiCallRequest[] = [];
	const declared = apiCallOperation({
		operation: 'request',
		methods: ['GET', 'POST'],
		secret: 'the API key',
		where: 'on the service',
		placeholder: 'e.g. /account',
		example: '/account',
		baseUrl: async () => baseUrl,
		async send(_ctx, request) {
			sent.push(request);
			return { ok: true };
		},
	});
	// The router's steps for one item: the check, then the run with what it read.
	const op = {
		description: defineResource('apiCall', [declared], { default: 'request' }).properties.slice(1),
		validate(this: IExecuteFunctions, itemIndex: number) {
			return declared.check?.call(this, itemIndex);
		},
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const call = (await declared.check?.call(this, itemIndex)) as ApiCallRequest;
			return await declared.run.call(this, itemIndex, call);
		},
	};
	return { op, sent };
}

describe('API Call (shared by every node)', () => {
	it('keeps repeated query keys, from the endpoint and from Query Parameters', async () => {
		const { op, sent } = operation();
		const ctx = context({
			method: 'GET',
			endpoint: '/leads?id=7&id=8',
			queryParameters: {
				parameter: [
					{ name: 'id', value: '9' },
					{ name: 'fields', value: 'email' },
					{ name: 'n', value: 3 },
				],
			},
		});
		await expect(op.execute.call(ctx, 0)).resolves.toEqual({ ok: true });
		expect(sent).toEqual([
			{
				method: 'GET',
				path: '/leads',
				qs: { id: ['7', '8', '9'], fields: 'email', n: '3' },
				body: undefined,
				form: false,
				paginate: false,
				itemIndex: 0,
			},
		]);
	});

	it('sends a JSON body on POST and drops an empty one', async () => {
		const { op, sent } = operation();
		await op.execute.call(context({ method: 'POST', endpoint: 'a', body: '{"x":[1]}' }), 0);
		await op.execute.call(context({ method: 'POST', endpoint: 'b', body: ' ' }), 0);
		expect(sent.map((r) => [r.path, r.body])).toEqual([
			['/a', { x: [1] }],
			['/b', undefined],
		]);
	});

	it.each([
		['/%2E%2E/admin', endpointDotSegmentRefused(3)],
		[null, 'Endpoint refused in item 3: The endpoint must be text such as /v1/path, not null'],
		[7, 'Endpoint refused in item 3: The endpoint must be text such as /v1/path, not number'],
		[
			{ a: 1 },
			'Endpoint refused in item 3: The endpoint must be text such as /v1/path, not object',
		],
	])(
		'refuses the endpoint %j in validate and execute, sending nothing',
		async (endpoint, message) => {
			const { op, sent } = operation();
			const ctx = context({ method: 'GET', endpoint });
			expect(() => op.validate?.call(ctx, 3)).toThrow(message);
			await expect(op.execute.call(ctx, 3)).rejects.toThrow(message);
			expect(sent).toHaveLength(0);
		},
	);

	it('says how to fix a refused endpoint, naming the credential as the source of the base URL', () => {
		const { op } = operation();
		let caught: unknown;
		try {
			op.validate?.call(context({ method: 'GET', endpoint: 'https://evil.example.com' }), 0);
		} catch (error) {
			caught = error;
		}
		expect(caught).toMatchObject({
			description:
				'Enter a path on the service such as /account; the base URL comes from the credential. No request was sent.',
			context: { itemIndex: 0 },
		});
	});

	it('refuses a method the node does not offer, a body that is not JSON or not an object, and object query values', () => {
		const { op } = operation();
		expect(() => op.validate?.call(context({ method: 'PUT', endpoint: '/a' }), 1)).toThrow(
			'Method "PUT" in item 1 is not allowed; use GET, POST',
		);
		expect(() =>
			op.validate?.call(context({ method: 'POST', endpoint: '/a', body: '{"x": ' }), 1),
		).toThrow('Body of item 1 is not valid JSON');
		expect(() =>
			op.validate?.call(context({ method: 'POST', endpoint: '/a', body: '42' }), 1),
		).toThrow('Body of item 1 must be a JSON object or list');
		expect(() =>
			op.validate?.call(
				context({
					method: 'GET',
					endpoint: '/a',
					queryParameters: { parameter: [{ name: 'q', value: { x: 1 } }] },
				}),
				1,
			),
		).toThrow('Query parameter "q" in item 1 is an object; enter text or a number');
	});

	it('checks the resolved URL against the base path before calling', async () => {
		const { op, sent } = operation('https://api.example.com/v2/');
		await op.execute.call(context({ method: 'GET', endpoint: '/people' }), 0);
		expect(sent).toHaveLength(1);
		const broken = operation('not a url');
		await expect(
			broken.op.execute.call(context({ method: 'GET', endpoint: '/people' }), 0),
		).rejects.toThrow(
			'Endpoint refused in item 0: The base URL of the credential is not a valid URL',
		);
		expect(broken.sent).toHaveLength(0);
	});

	it('offers the methods sorted, Body only for methods that send one, Follow Pages only where the node pages', () => {
		const { op } = operation();
		const names = op.description.map((p) => p.name);
		expect(names).toEqual(['method', 'endpoint', 'queryParameters', 'body']);
		expect(op.description[0].options).toEqual([
			{ name: 'GET', value: 'GET' },
			{ name: 'POST', value: 'POST' },
		]);
		expect(op.description[3].displayOptions?.show).toEqual({
			resource: ['apiCall'],
			operation: ['request'],
			method: ['POST'],
		});
	});
});
