import { items, withSimulator } from '../../../../harness/enrichment';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describe('Global Enrichment › Account › Get Usage', () => {
	const ctx = withSimulator();
	const getUsage = { resource: 'account', operation: 'getUsage' };

	it('asks the usage once for all items (5 calls a minute at most) and gives each item the answer', async () => {
		const global = ctx.sim.services.global;
		global.rateLimit = { perMinute: 40 };
		const result = await ctx.runGlobalService(getUsage, [{}, {}]);
		expect(result.error).toBeUndefined();
		expect(global.calls.map((c) => [c.method, c.path, c.body])).toEqual([
			['GET', '/v3/account/usage', undefined],
		]);
		const [first, second] = items(result);
		expect(first.pairedItem).toEqual({ item: 0 });
		expect(second.pairedItem).toEqual({ item: 1 });
		expect(second.json).toEqual(first.json);
		expect(first.json).toMatchObject({
			credits: { total: 10_000, used: 0, remaining: 10_000 },
			// The usage call has its own limit: it does not count against the request windows.
			rateLimits: { minute: { limit: 40, used: 0, remaining: 40 } },
			plan: { category: 'simulated', renewalType: 'monthly' },
			pricing: {},
		});
		expect(global.creditsSpent).toBe(0);
	});

	it('on the connection contract it is refused before any call', async () => {
		const result = await ctx.runGlobal(getUsage, [{}]);
		expect(result.error?.message).toBe(
			"Get Usage works with the service's own API only; the connection contract has no such endpoint",
		);
		expect(ctx.sim.services.global.calls).toHaveLength(0);
	});
});
