import { items, withSimulator } from '../../../../harness/enrichment';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describe('Global Enrichment › Company › Get Signals (simulator)', () => {
	const ctx = withSimulator();

	it("checks the types against the company catalogue and pairs each company's signals with its item", async () => {
		const global = ctx.sim.services.global;
		global.signalOps.now = () => Date.parse('2026-11-20T00:00:00Z');
		global.signalOps.signals.set('c-1002', [
			{ type: 'surgeInHiring', date: '2026-10-01', details: { openRoles: 40 } },
			{ type: 'surgeInHiring', date: '2026-10-08', details: { openRoles: 55 } },
		]);
		const result = await ctx.runGlobalService(
			{
				resource: 'company',
				operation: 'getSignals',
				signalTypes: ['surgeInHiring'],
				options: { maxResultsPerSignal: 1 },
			},
			[{ id: 'c-1002' }, { id: 'c-1001' }],
		);
		expect(result.error).toBeUndefined();
		expect(global.calls.map((c) => [c.method, c.path, c.body])).toEqual([
			['GET', '/v3/companies/signals/types', undefined],
			[
				'POST',
				'/v3/companies/signals',
				{ ids: ['c-1002', 'c-1001'], signalTypes: ['surgeInHiring'], maxResultsPerSignal: 1 },
			],
		]);
		expect(items(result)).toEqual([
			{
				json: {
					id: 'c-1002',
					found: true,
					signals: { surgeInHiring: [{ signalDate: '2026-10-01', openRoles: 40 }] },
					signalCount: 1,
					creditsCharged: 1,
				},
				pairedItem: { item: 0 },
			},
			{
				json: { id: 'c-1001', found: true, signals: {}, signalCount: 0, creditsCharged: 0 },
				pairedItem: { item: 1 },
			},
		]);
	});

	it('intent categories: checked against their catalogue, sent under filters.include, refining linkedinActivityIntent only', async () => {
		const global = ctx.sim.services.global;
		global.signalOps.now = () => Date.parse('2026-11-20T00:00:00Z');
		const intent = (category: string) => ({ intentTopics: [{ topic: 'Cloud', category }] });
		global.signalOps.signals.set('c-1001', [
			{ type: 'linkedinActivityIntent', date: '2026-11-01', details: intent('Technology') },
			{ type: 'linkedinActivityIntent', date: '2026-11-02', details: intent('Business') },
			{ type: 'surgeInHiring', date: '2026-11-03', details: { openRoles: 3 } },
		]);
		const result = await ctx.runGlobalService(
			{
				resource: 'company',
				operation: 'getSignals',
				signalTypes: ['linkedinActivityIntent', 'surgeInHiring'],
				options: { intentCategories: ['Technology'] },
			},
			[{ id: 'c-1001' }],
		);
		expect(result.error).toBeUndefined();
		expect(global.calls.map((c) => [c.method, c.path, c.query, c.body])).toEqual([
			['GET', '/v3/companies/signals/types', undefined, undefined],
			['GET', '/v3/companies/signals/filters/intentCategories', undefined, undefined],
			[
				'POST',
				'/v3/companies/signals',
				undefined,
				{
					ids: ['c-1001'],
					signalTypes: ['linkedinActivityIntent', 'surgeInHiring'],
					filters: { include: { intentCategories: ['Technology'] } },
				},
			],
		]);
		expect(items(result)).toEqual([
			{
				json: {
					id: 'c-1001',
					found: true,
					signals: {
						linkedinActivityIntent: [{ signalDate: '2026-11-01', ...intent('Technology') }],
						surgeInHiring: [{ signalDate: '2026-11-03', openRoles: 3 }],
					},
					signalCount: 2,
					creditsCharged: 2,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('intent categories without a type they refine are refused before any call', async () => {
		const result = await ctx.runGlobalService(
			{
				resource: 'company',
				operation: 'getSignals',
				signalTypes: ['surgeInHiring'],
				options: { intentCategories: ['Technology'] },
			},
			[{ id: 'c-1001' }],
		);
		expect(result.error?.message).toBe(
			'Invalid "Intent Category Names or IDs" in item 0: intent categories refine linkedinActivityIntent signals only, and the chosen types (surgeInHiring) do not include it',
		);
		expect(result.error?.description).toBe(
			'Add linkedinActivityIntent (or allSignals) to the signal types, or clear the categories. No request was sent, so no credit was spent.',
		);
		expect(ctx.sim.services.global.calls).toHaveLength(0);
	});

	it('an intent category the catalogue lacks is refused before the charged call; Continue On Fail keeps the others', async () => {
		const global = ctx.sim.services.global;
		const result = await ctx.runGlobalService(
			{
				resource: 'company',
				operation: 'getSignals',
				signalTypes: ['allSignals'],
				options: { intentCategories: '={{ $json.categories }}' },
			},
			[
				{ id: 'c-1001', categories: ['Gardening'] },
				{ id: 'c-1002', categories: 'Business' },
			],
			true,
		);
		expect(global.calls.map((c) => [c.method, c.path, c.body])).toEqual([
			['GET', '/v3/companies/signals/types', undefined],
			['GET', '/v3/companies/signals/filters/intentCategories', undefined],
			[
				'POST',
				'/v3/companies/signals',
				{
					ids: ['c-1002'],
					signalTypes: ['allSignals'],
					filters: { include: { intentCategories: ['Business'] } },
				},
			],
		]);
		expect(items(result)[0].json.error).toBe(
			'Invalid "Intent Category Names or IDs" in item 0: "Gardening" is not an intent category of the service (Business, Technology, Marketing)',
		);
		expect(items(result)[1].json).toMatchObject({ id: 'c-1002', found: true });
	});

	it('the Company ID defaults to the id of the incoming item', async () => {
		const result = await ctx.runGlobalService(
			{ resource: 'company', operation: 'getSignals', signalTypes: ['allSignals'] },
			[{ name: 'no id here' }],
		);
		expect(result.error?.message).toBe('Invalid "Company ID" in item 0: it is empty');
		expect(ctx.sim.services.global.calls).toHaveLength(0);
	});
});
