import { GLOBAL_KEY, apiCall, withSimulator } from '../../../../harness/enrichment';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describe('Global Enrichment: API Call and simulator limits', () => {
	const ctx = withSimulator();

	it('a bulk call over 100 records is refused by the service with HTTP 400', async () => {
		const records = Array.from({ length: 101 }, (_, n) => ({
			referenceId: String(n),
			email: `x${n}@example.com`,
		}));
		const result = await ctx.runGlobal(
			apiCall('POST', '/person/bulk', {
				body: JSON.stringify(records),
			}),
		);
		expect(result.error?.message).toBe(
			'The enrichment service refused POST /person/bulk (HTTP 400): A bulk request takes between 1 and 100 records; got 101',
		);
		expect(ctx.sim.services.global.calls).toHaveLength(1);
	});

	it('GET /account/usage (the credential test call) costs nothing', async () => {
		const result = await ctx.runGlobal(apiCall('GET', '/account/usage'));
		expect(result.json()).toEqual([
			{ creditsRemaining: 10_000, creditsUsed: 0, plan: 'simulated' },
		]);
		expect(ctx.sim.services.global.calls[0]).toMatchObject({ apiKey: GLOBAL_KEY, credits: 0 });
	});
});

describe('Global Enrichment on the service API: API Call', () => {
	const ctx = withSimulator();

	it("GET /account/usage on the service API with the credential's key", async () => {
		const result = await ctx.runGlobalService(apiCall('GET', '/account/usage'));
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => [c.method, c.path, c.apiKey])).toEqual([
			['GET', '/account/usage', GLOBAL_KEY],
		]);
		expect(result.json()).toEqual([
			{ creditsRemaining: 10_000, creditsUsed: 0, plan: 'simulated' },
		]);
	});
});
