import { startServices, type Simulator } from './';
import { USAGE_CALLS_PER_MINUTE, nextUtcMidnight } from './globalEnrichment';

/** The global service's V3 usage, as the reference documents it (shape and its own limit). */
describe('global enrichment simulator: GET /v3/account/usage', () => {
	let sim: Simulator;
	beforeEach(async () => {
		sim = await startServices();
	});
	afterEach(async () => {
		await sim.close();
	});

	const usage = async (apiKey = 'global-demo-key') => {
		const response = await fetch(`${sim.url}/global/v3/account/usage`, {
			headers: { api_key: apiKey },
		});
		return { status: response.status, body: (await response.json()) as unknown };
	};

	it('answers credits, the three windows with their resets, the plan; costs nothing', async () => {
		sim.services.global.rateLimit = { perMinute: 40, perDay: 100 };
		const before = Date.now();
		const { status, body } = await usage();
		expect(status).toBe(200);
		expect(body).toEqual({
			credits: { total: 10_000, used: 0, remaining: 10_000 },
			rateLimits: {
				daily: { limit: 100, used: 0, remaining: 100, resetsAt: expect.any(String) },
				hourly: { limit: null, used: null, remaining: null, resetsAt: expect.any(String) },
				minute: { limit: 40, used: 0, remaining: 40, resetsAt: expect.any(String) },
			},
			plan: {
				category: 'simulated',
				renewalType: 'monthly',
				startDate: '2026-11-01',
				endDate: '2026-11-30',
			},
			pricing: {},
		});
		const { rateLimits } = body as { rateLimits: Record<string, { resetsAt: string }> };
		expect(Date.parse(rateLimits.daily.resetsAt)).toBe(nextUtcMidnight(before));
		expect(Date.parse(rateLimits.minute.resetsAt)).toBeGreaterThan(before);
		expect(sim.services.global.calls[0]).toMatchObject({ status: 200, credits: 0 });
	});

	it('allows 5 calls a minute (429 beyond) and is not counted against the request windows', async () => {
		sim.services.global.rateLimit = { perDay: 0 };
		const statuses = [];
		for (let n = 0; n <= USAGE_CALLS_PER_MINUTE; n++) statuses.push((await usage()).status);
		expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
		expect(USAGE_CALLS_PER_MINUTE).toBe(5);
	});

	it('refuses a wrong key with 401', async () => {
		expect((await usage('wrong')).status).toBe(401);
	});
});
