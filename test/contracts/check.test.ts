/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a test of the local simulator server, never shipped */
import { checkAnswer, checkRequest, validate } from './check';
import type { ServiceContract } from './types';
import { checkLater, onViolation, runPendingChecks, takeViolations } from './violations';
import { reply, startSimulator, type SimulatorModule } from '../simulator/server';

const contract: ServiceContract = {
	service: 'demo',
	prefix: '/demo',
	documents: { doc: 'a made-up document for this test' },
	endpoints: [
		{
			method: 'POST',
			path: '/v1/things/{id}',
			operation: 'updateThing',
			source: 'doc',
			request: {
				params: { id: { type: 'integer' } },
				query: { type: 'object', properties: { limit: { type: 'integer', maximum: 100 } } },
				body: {
					type: 'object',
					required: ['name'],
					properties: {
						name: { type: 'string' },
						tags: {
							type: 'array',
							items: { type: 'object', properties: { k: { type: 'string' } } },
						},
					},
				},
			},
			answers: {
				'200': { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
				'4xx': {
					type: 'object',
					required: ['message'],
					properties: { message: { type: 'string' } },
				},
			},
		},
	],
};

const request = (overrides: Partial<Parameters<typeof checkRequest>[1]> = {}) => ({
	method: 'POST',
	path: '/demo/v1/things/7',
	query: new URLSearchParams('limit=5'),
	contentType: 'application/json; charset=utf-8',
	body: { name: 'a', tags: [{ k: 'x' }] },
	...overrides,
});

describe('contract check', () => {
	it('allows a request the document allows', () => {
		const check = checkRequest(contract, request());
		expect(check.problems).toEqual([]);
		expect(check.endpoint?.operation).toBe('updateThing');
		expect(check.params).toEqual({ id: '7' });
	});

	it('names every problem of a request, at any depth', () => {
		const check = checkRequest(
			contract,
			request({
				path: '/demo/v1/things/x',
				query: new URLSearchParams('limit=500&page=2'),
				body: { tags: [{ k: 1, v: 'y' }] },
			}),
		);
		expect(check.problems).toEqual([
			'path.id is string, the document says integer',
			'query.limit is 500, above the maximum 100',
			'query.page is not a field the document defines',
			'body.name is required and missing',
			'body.tags[0].k is integer, the document says string',
			'body.tags[0].v is not a field the document defines',
		]);
	});

	it('refuses another content type and reports an unknown endpoint', () => {
		expect(checkRequest(contract, request({ contentType: 'text/plain' })).problems).toEqual([
			'content type text/plain is not application/json',
		]);
		expect(checkRequest(contract, request({ method: 'GET' })).problems).toEqual([
			'GET /demo/v1/things/7 has no entry in the demo contract',
		]);
	});

	it('checks an answer by its status', () => {
		const [endpoint] = contract.endpoints;
		expect(checkAnswer(endpoint, 200, { id: 1 })).toEqual([]);
		expect(checkAnswer(endpoint, 200, { id: 1, extra: true })).toEqual([
			'POST /v1/things/{id} 200: answer.extra is not a field the document defines',
		]);
		expect(checkAnswer(endpoint, 404, {})).toEqual([
			'POST /v1/things/{id} 404: answer.message is required and missing',
		]);
		expect(checkAnswer(endpoint, 500, {})).toEqual([
			'POST /v1/things/{id} answered 500, a status its document does not give',
		]);
	});

	it('matches a literal path before a pattern, whatever their order', () => {
		const byName = { ...contract.endpoints[0], path: '/v1/things/byName', operation: 'byName' };
		const both = { ...contract, endpoints: [...contract.endpoints, byName] };
		expect(
			checkRequest(both, request({ path: '/demo/v1/things/byName' })).endpoint?.operation,
		).toBe('byName');
		expect(checkRequest(both, request()).endpoint?.operation).toBe('updateThing');
	});

	it('takes one of several shapes', () => {
		const schema = { anyOf: [{ type: 'string' as const }, { type: 'integer' as const }] };
		expect(validate(schema, 'a', 'v')).toEqual([]);
		expect(validate(schema, true, 'v')).toHaveLength(1);
	});
});

describe('the simulator server and a contract', () => {
	it('refuses what the contract does not allow, and reports an undocumented answer', async () => {
		let answerWith: unknown = { id: 7 };
		const module: SimulatorModule = {
			name: 'demo',
			contract,
			handles: (path) => path.startsWith('/demo/'),
			handle: (request) =>
				request.path.startsWith('/demo/v1/')
					? reply(200, answerWith)
					: reply(404, { message: 'No route' }),
			snapshot: () => ({}),
		};
		const sim = await startSimulator([module]);
		try {
			const post = (path: string, body: unknown) =>
				fetch(`${sim.url}${path}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(body),
				});
			expect((await post('/demo/v1/things/7', { name: 'a' })).status).toBe(200);
			expect(takeViolations()).toEqual([]);

			const refused = await post('/demo/v1/things/7', { name: 'a', colour: 'red' });
			expect(refused.status).toBe(400);
			expect(await refused.json()).toEqual({
				message: 'body.colour is not a field the document defines',
			});
			expect(takeViolations()).toEqual([]);

			answerWith = { id: 7, surprise: 1 };
			await post('/demo/v1/things/7', { name: 'a' });
			expect(takeViolations()).toEqual([
				'POST /v1/things/{id} 200: answer.surprise is not a field the document defines',
			]);

			// Reported, and answered by the module as its service would.
			const unknown = await post('/demo/v2/other', {});
			expect(unknown.status).toBe(404);
			expect(await unknown.json()).toEqual({ message: 'No route' });
			expect(takeViolations()).toEqual(['POST /demo/v2/other has no entry in the demo contract']);
		} finally {
			await sim.close();
		}
	});

	it('checks answers once no request is open, so a slow check delays no answer', async () => {
		const held: Array<() => void> = [];
		const module: SimulatorModule = {
			name: 'demo',
			contract,
			handles: (path) => path.startsWith('/demo/'),
			// `/demo/v1/things/1` waits until the test lets it answer; every answer breaks the contract.
			handle: async (request) => {
				if (request.path.endsWith('/1')) await new Promise<void>((resolve) => held.push(resolve));
				return reply(200, { id: 7, surprise: request.path });
			},
			snapshot: () => ({}),
		};
		const sim = await startSimulator([module]);
		const seen: string[] = [];
		onViolation((violation) => seen.push(violation));
		try {
			const post = async (id: number) =>
				await fetch(`${sim.url}/demo/v1/things/${id}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ name: 'a' }),
				});
			const slow = post(1);
			while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
			expect((await post(2)).status).toBe(200);
			// Answered while request 1 is open: its check waits.
			await new Promise((resolve) => setImmediate(resolve));
			expect(seen).toEqual([]);
			held[0]();
			expect((await slow).status).toBe(200);
			for (let turn = 0; turn < 100 && seen.length < 2; turn++) {
				await new Promise((resolve) => setImmediate(resolve));
			}
			expect(seen).toEqual([
				'POST /v1/things/{id} 200: answer.surprise is not a field the document defines',
				'POST /v1/things/{id} 200: answer.surprise is not a field the document defines',
			]);
			expect(takeViolations()).toHaveLength(2);
		} finally {
			onViolation(undefined);
			await sim.close();
		}
	});
});

describe('checks held back', () => {
	it('run when the simulator is quiet, or first thing in takeViolations', () => {
		let runs = 0;
		checkLater(() => {
			runs++;
			return ['late problem'];
		});
		expect(runs).toBe(0);
		expect(takeViolations()).toEqual(['late problem']);
		expect(runs).toBe(1);
		runPendingChecks();
		expect(runs).toBe(1);
	});

	it('run at once past 200 waiting, so held answers do not pile up', () => {
		let runs = 0;
		for (let i = 0; i < 199; i++) checkLater(() => (runs++, []));
		expect(runs).toBe(0);
		checkLater(() => (runs++, ['the 200th']));
		expect(runs).toBe(200);
		expect(takeViolations()).toEqual(['the 200th']);
	});
});
