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

	it('the Company ID defaults to the id of the incoming item', async () => {
		const result = await ctx.runGlobalService(
			{ resource: 'company', operation: 'getSignals', signalTypes: ['allSignals'] },
			[{ name: 'no id here' }],
		);
		expect(result.error?.message).toBe('Invalid "Company ID" in item 0: it is empty');
		expect(ctx.sim.services.global.calls).toHaveLength(0);
	});
});
