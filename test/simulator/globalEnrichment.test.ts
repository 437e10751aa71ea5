import { startServices, type Simulator } from './';
import { fixClock } from '../harness/clock';
import { USAGE_CALLS_PER_MINUTE } from './globalEnrichment';

/** 23:59:30 UTC: the day's window resets in 30 seconds, the minute's at 00:00:30. */
const NOW = Date.UTC(2026, 10, 25, 23, 59, 30);

/** The global service's V3 usage, as the reference documents it (shape and its own limit). */
describe('global enrichment simulator: GET /v3/account/usage', () => {
	let sim: Simulator;
	beforeEach(async () => {
		fixClock(NOW);
		sim = await startServices();
	});
	afterEach(async () => {
		jest.useRealTimers();
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
		const { status, body } = await usage();
		expect(status).toBe(200);
		expect(body).toEqual({
			credits: { total: 10_000, used: 0, remaining: 10_000 },
			rateLimits: {
				daily: { limit: 100, used: 0, remaining: 100, resetsAt: '2026-11-26T00:00:00.000Z' },
				hourly: {
					limit: null,
					used: null,
					remaining: null,
					resetsAt: '2026-11-26T00:00:00.000Z',
				},
				minute: { limit: 40, used: 0, remaining: 40, resetsAt: '2026-11-26T00:00:30.000Z' },
			},
			plan: {
				category: 'simulated',
				renewalType: 'monthly',
				startDate: '2026-11-01',
				endDate: '2026-11-30',
			},
			pricing: {},
		});
		expect(sim.services.global.calls[0]).toMatchObject({ status: 200, credits: 0 });
	});

	it('names a pinned daily reset instead of midnight (for a test whose n8n has the real clock)', async () => {
		sim.services.global.dailyResetAt = NOW + 3 * 3_600_000;
		const { body } = await usage();
		expect((body as { rateLimits: { daily: unknown } }).rateLimits.daily).toEqual({
			limit: null,
			used: null,
			remaining: null,
			resetsAt: '2026-11-26T02:59:30.000Z',
		});
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
