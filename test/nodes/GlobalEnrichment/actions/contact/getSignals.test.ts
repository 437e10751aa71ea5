import nock from 'nock';

import { runWorkflow } from '../../../../harness';
import {
	GLOBAL_KEY,
	items,
	serviceCredential,
	withSimulator,
} from '../../../../harness/enrichment';
import { documented, runNock, runNockService } from '../../helpers';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

/** `ContactSignalTypesResponse`. */
const TYPES = documented('GET', '/v3/contacts/signals/types', 200, {
	signalTypes: ['allSignals', 'promotion', 'companyChange'],
});
const BAD_IDS = {
	statusCode: 400,
	message: 'ids must contain no more than 100 elements',
	errors: ['ids must contain no more than 100 elements'],
};
/** A `V3ContactSignalsResponse`, checked against the contract. */
const signalsAnswer = (body: Record<string, unknown>) =>
	documented('POST', '/v3/contacts/signals', 200, {
		...body,
		startDate: '2025-06-01',
		endDate: '2025-12-01',
	});

const getSignals = (parameters: Record<string, unknown> = {}) => ({
	resource: 'contact',
	operation: 'getSignals',
	signalTypes: ['promotion', 'companyChange'],
	...parameters,
});

describe('Global Enrichment › Contact › Get Signals (simulator)', () => {
	const ctx = withSimulator();

	it('sends the ids in one call, reads each type under its name, an id without a result is not found (data)', async () => {
		const global = ctx.sim.services.global;
		global.signalOps.now = () => Date.parse('2026-11-20T00:00:00Z');
		global.signalOps.signals.set('p-2001', [
			{ type: 'promotion', date: '2026-10-01', details: { newTitle: 'VP Sales' } },
			{ type: 'companyChange', date: '2026-09-01', details: { newCompany: 'Globex' } },
			{ type: 'promotion', date: '2026-01-01', details: { newTitle: 'Too old' } },
		]);
		global.signalOps.signals.set('p-2003', [
			{ type: 'companyChange', date: '2026-08-01', details: { newCompany: 'Initech' } },
		]);
		const result = await ctx.runGlobalService(
			getSignals({ options: { startDate: '2026-06-01', maxResultsPerSignal: 5 } }),
			[{ id: 'p-2001' }, { id: 'p-9999' }, { id: 'p-2004' }, { id: 'p-2003' }],
			true,
		);
		expect(result.error).toBeUndefined();
		expect(global.calls.map((c) => [c.method, c.path, c.body])).toEqual([
			['GET', '/v3/contacts/signals/types', undefined],
			[
				'POST',
				'/v3/contacts/signals',
				{
					ids: ['p-2001', 'p-9999', 'p-2004', 'p-2003'],
					signalTypes: ['promotion', 'companyChange'],
					startDate: '2026-06-01',
					maxResultsPerSignal: 5,
				},
			],
		]);
		const none = { signals: {}, signalCount: 0, creditsCharged: 0 };
		expect(items(result)).toEqual([
			{
				json: {
					id: 'p-2001',
					found: true,
					signals: {
						promotion: [{ signalDate: '2026-10-01', newTitle: 'VP Sales' }],
						companyChange: [{ signalDate: '2026-09-01', newCompany: 'Globex' }],
					},
					signalCount: 2,
					creditsCharged: 2,
				},
				pairedItem: { item: 0 },
			},
			{ json: { id: 'p-9999', found: false, ...none }, pairedItem: { item: 1 } },
			{ json: { id: 'p-2004', found: false, ...none }, pairedItem: { item: 2 } },
			{
				json: {
					id: 'p-2003',
					found: true,
					signals: {
						promotion: [],
						companyChange: [{ signalDate: '2026-08-01', newCompany: 'Initech' }],
					},
					signalCount: 1,
					creditsCharged: 1,
				},
				pairedItem: { item: 3 },
			},
		]);
	});

	it('without Continue On Fail an unknown id is still data on its item, and the run goes on', async () => {
		const result = await ctx.runGlobalService(getSignals(), [{ id: 'p-9999' }]);
		expect(result.error).toBeUndefined();
		expect(result.json()).toEqual([
			{ id: 'p-9999', found: false, signals: {}, signalCount: 0, creditsCharged: 0 },
		]);
		// No cap was given: none is sent (the service has no default).
		expect(ctx.sim.services.global.calls[1].body).toEqual({
			ids: ['p-9999'],
			signalTypes: ['promotion', 'companyChange'],
		});
	});

	it('a type missing from the catalogue is refused before any charged call', async () => {
		const result = await ctx.runGlobalService(getSignals({ signalTypes: ['surgeInHiring'] }), [
			{ id: 'p-2001' },
		]);
		expect(result.error?.message).toBe(
			'Invalid "Signal Type Names or IDs" in item 0: "surgeInHiring" is not a contact signal type of the service (allSignals, companyChange, promotion)',
		);
		expect(ctx.sim.services.global.calls.map((c) => c.path)).toEqual([
			'/v3/contacts/signals/types',
		]);
	});
});

describe('Global Enrichment › Contact › Get Signals (wire)', () => {
	afterEach(() => {
		nock.cleanAll();
		nock.enableNetConnect();
	});

	it('sends 250 ids in 3 calls of 100, 100 and 50 and matches answers out of order by id', async () => {
		const ids = Array.from({ length: 250 }, (_, n) => `p-${n}`);
		const sent: string[][] = [];
		const scope = nock('https://global.test', { reqheaders: { api_key: 'g-secret' } })
			.get('/v3/contacts/signals/types')
			.reply(200, TYPES)
			.post('/v3/contacts/signals', (body: { ids: string[] }) => {
				sent.push(body.ids);
				return true;
			})
			.times(3)
			.reply(200, (_uri, body: { ids: string[] }) =>
				signalsAnswer({
					results: [...body.ids]
						.reverse()
						.map((id) => ({ id, promotion: [{ signalDate: '2026-01-01', who: id }] })),
					billing: { creditsCharged: body.ids.length, resultsReturned: body.ids.length },
				}),
			);
		const result = await runNockService(
			getSignals({ signalTypes: ['promotion'] }),
			ids.map((id) => ({ id })),
		);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(sent.map((batch) => batch.length).sort()).toEqual([100, 100, 50]);
		expect(sent.flat().sort()).toEqual([...ids].sort());
		const json = result.json();
		expect(json).toHaveLength(250);
		json.forEach((item, n) => {
			expect(item).toEqual({
				id: `p-${n}`,
				found: true,
				signals: { promotion: [{ signalDate: '2026-01-01', who: `p-${n}` }] },
				signalCount: 1,
				creditsCharged: 1,
			});
		});
	});

	it('a refused call fails its own items only under Continue On Fail; the other call carries on', async () => {
		const ids = Array.from({ length: 150 }, (_, n) => `p-${n}`);
		nock('https://global.test')
			.get('/v3/contacts/signals/types')
			.reply(200, TYPES)
			.post('/v3/contacts/signals', (body: { ids: string[] }) => body.ids.length === 100)
			.reply(400, documented('POST', '/v3/contacts/signals', 400, BAD_IDS))
			.post('/v3/contacts/signals', (body: { ids: string[] }) => body.ids.length === 50)
			.reply(200, (_uri, body: { ids: string[] }) =>
				signalsAnswer({
					results: body.ids.map((id) => ({ id, promotion: [] })),
					billing: { creditsCharged: 0, resultsReturned: 0 },
				}),
			);
		const result = await runNockService(
			getSignals({ signalTypes: ['promotion'] }),
			ids.map((id) => ({ id })),
			true,
		);
		expect(result.error).toBeUndefined();
		const json = result.json();
		expect(json.slice(0, 100).every((item) => typeof item.error === 'string')).toBe(true);
		// The refusal keeps the service's own words.
		expect(String(json[0].error)).toContain('ids must contain no more than 100 elements');
		expect(json.slice(100)).toEqual(
			ids.slice(100).map((id) => ({
				id,
				found: true,
				signals: { promotion: [] },
				signalCount: 0,
				creditsCharged: 0,
			})),
		);
	});

	it('an id asked twice is sent once and charged on its first item only', async () => {
		let sent: unknown;
		nock('https://global.test')
			.get('/v3/contacts/signals/types')
			.reply(200, TYPES)
			.post('/v3/contacts/signals', (body) => {
				sent = body;
				return true;
			})
			.reply(
				200,
				signalsAnswer({
					results: [{ id: 'p-1', promotion: [{ signalDate: '2026-01-01' }] }],
					billing: { creditsCharged: 1, resultsReturned: 1 },
				}),
			);
		const result = await runNockService(getSignals({ signalTypes: ['promotion'] }), [
			{ id: 'p-1' },
			{ id: 'p-1' },
		]);
		expect(sent).toEqual({ ids: ['p-1'], signalTypes: ['promotion'] });
		expect(result.json().map((json) => json.creditsCharged)).toEqual([1, 0]);
	});

	it("the credits are the answer's billing; a bill that does not match the signals goes whole on the first item", async () => {
		nock('https://global.test')
			.get('/v3/contacts/signals/types')
			.reply(200, TYPES)
			.post('/v3/contacts/signals')
			.reply(
				200,
				signalsAnswer({
					results: [
						{ id: 'p-1', promotion: [{ signalDate: '2026-01-01' }] },
						{ id: 'p-2', promotion: [{ signalDate: '2026-01-02' }] },
					],
					billing: { creditsCharged: 3, resultsReturned: 2 },
				}),
			);
		const result = await runNockService(getSignals({ signalTypes: ['promotion'] }), [
			{ id: 'p-1' },
			{ id: 'p-2' },
		]);
		expect(
			result.json().map(({ creditsCharged, callBilling }) => [creditsCharged, callBilling]),
		).toEqual([
			[null, { creditsCharged: 3, resultsReturned: 2 }],
			[null, undefined],
		]);
	});

	it.each([
		['an empty id', {}, [{ id: '' }], 'Invalid "Contact ID" in item 0: it is empty'],
		[
			'two ids in one item',
			{},
			[{ id: 'p-1, p-2' }],
			'Invalid "Contact ID" in item 0: "p-1, p-2" is not one ID',
		],
		[
			'a start date in the future',
			{ options: { startDate: '2999-01-01' } },
			[{ id: 'p-1' }],
			'Invalid "Start Date" in item 0: 2999-01-01 is in the future',
		],
		[
			'a start date that is no date',
			{ options: { startDate: 'soon' } },
			[{ id: 'p-1' }],
			'Invalid "Start Date" in item 0: "soon" is not a date',
		],
		[
			'101 results per signal',
			{ options: { maxResultsPerSignal: 101 } },
			[{ id: 'p-1' }],
			'Invalid "Max Results per Signal" in item 0: 101 is not a whole number from 1 to 100',
		],
		[
			'no signal type',
			{ signalTypes: '={{ [] }}' },
			[{ id: 'p-1' }],
			'Invalid "Signal Type Names or IDs" in item 0: no signal type is chosen',
		],
	])('%s is refused before any call', async (_case, parameters, input, message) => {
		nock.disableNetConnect();
		const result = await runNockService(getSignals(parameters), input);
		expect(result.error?.message).toBe(message);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('the connection contract is refused before any call', async () => {
		const result = await runNock(getSignals(), [{ id: 'p-1' }]);
		expect(result.error?.message).toBe(
			"Get Signals works with the service's own API only; the connection contract has no such endpoint",
		);
	});
});

describe('Global Enrichment › Contact › Get Signals as an AI tool', () => {
	const ctx = withSimulator();
	const runTool = async (recordId: string) =>
		await runWorkflow({
			nodes: {
				type: 'globalEnrichmentTool',
				parameters: {
					resource: 'contact',
					operation: 'getSignals',
					recordId: "={{ $fromAI('recordId', 'Contact ID', 'string') }}",
					signalTypes: ['allSignals'],
				} as never,
				credentialTypes: ['globalEnrichmentApi'],
			},
			items: [{ chatInput: 'Signals?', sessionId: 's-1', toolCallId: 'c1', recordId }],
			credentials: {
				globalEnrichmentApi: serviceCredential(`${ctx.sim.url}/global`, GLOBAL_KEY),
			},
		});

	it("answers the model with the contact's signals and their cost", async () => {
		ctx.sim.services.global.signalOps.now = () => Date.parse('2026-11-20T00:00:00Z');
		ctx.sim.services.global.signalOps.signals.set('p-2001', [
			{ type: 'promotion', date: '2026-10-01', details: { newTitle: 'VP Sales' } },
		]);
		const result = await runTool('p-2001');
		expect(result.error).toBeUndefined();
		expect(JSON.stringify(result.json())).toContain('"newTitle":"VP Sales"');
		expect(JSON.stringify(result.json())).toContain('"creditsCharged":1');
	});

	it('an empty ID names the argument and the fix, and no call is made', async () => {
		const result = await runTool(' ');
		expect(result.error?.message).toMatch(/^Invalid argument 'recordId': it is empty\. /);
		expect(ctx.sim.services.global.calls).toHaveLength(0);
	});
});
