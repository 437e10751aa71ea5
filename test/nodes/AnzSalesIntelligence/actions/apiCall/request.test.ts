import { ANZ_KEY, apiCall, items, withSimulator } from '../../../../harness/enrichment';
import { call, withoutCredits } from '../../helpers';
import { takeViolations } from '../../../../contracts/violations';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describe('ANZ Sales Intelligence: API Call', () => {
	const ctx = withSimulator();

	it('GET a path relative to the base URL, with query parameters', async () => {
		const result = await ctx.runAnz(
			apiCall('GET', 'account/usage', {
				queryParameters: { parameter: [{ name: 'detail', value: 'full' }] },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.anz.calls).toEqual([
			{
				method: 'GET',
				path: '/account/usage',
				query: 'detail=full',
				apiKey: ANZ_KEY,
				body: undefined,
				status: 200,
				credits: 0,
			},
		]);
		expect(items(result)).toEqual([
			{
				json: { credits_remaining: 10_000, credits_used: 0, plan: 'simulated' },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('POST a JSON body', async () => {
		const result = await ctx.runAnz(
			apiCall('POST', '/enrich/company', { body: '{"domain":"kookaburra.example.com.au"}' }),
		);
		expect(ctx.sim.services.anz.calls.map((c) => [c.method, c.path, c.body])).toEqual([
			['POST', '/enrich/company', { domain: 'kookaburra.example.com.au' }],
		]);
		expect(result.json()[0]).toMatchObject({
			id: 'f000000300003',
			fqdn: 'kookaburra.example.com.au',
		});
	});

	it('refuses an absolute URL to another host', async () => {
		const result = await ctx.runAnz(apiCall('GET', 'https://elsewhere.example.com/steal'));
		expect(result.error?.message).toBe(
			'Endpoint refused in item 0: The endpoint is an absolute URL or names another host; only a path is allowed',
		);
		expect(ctx.sim.services.anz.calls).toHaveLength(0);
	});

	it('a service error becomes a NodeApiError with the service message', async () => {
		const result = await ctx.runAnz(apiCall('GET', '/no/such/path'));
		expect(result.error?.message).toBe(
			"The sales-intelligence service has no GET /no/such/path (HTTP 404): No route GET /no/such/path; the credential's API or base URL is probably wrong",
		);
		expect(result.error?.description).toMatch(
			/^Check the API chosen in the credential: the service's own API and the connection contract have different paths\. \(request ID anz-req-\d{6}\)$/,
		);
		// A path the service's documents do not have: the simulator reports it, as it should.
		expect(takeViolations()).toEqual(['GET /anz/no/such/path has no entry in the anz contract']);
	});
});

describe('ANZ Sales Intelligence on the service API: API Call', () => {
	const ctx = withSimulator();

	it("reaches the service API's own paths with the credential's key", async () => {
		const result = await ctx.runAnzService(
			apiCall('GET', '/company', {
				queryParameters: { parameter: [{ name: 'id', value: 'f000000200001' }] },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.anz.calls.map(withoutCredits)).toEqual([
			call('GET', '/company', 'id=f000000200001'),
		]);
		expect(result.json()[0]).toMatchObject({ id: 'f000000200001', name: 'Harbour Freight Co' });
	});
});
