import { startServices, type Simulator } from './';
import { fixClock } from '../harness/clock';
import { USAGE_CALLS_PER_MINUTE } from './globalEnrichment';
import { globalContract } from '../contracts/global';
import { takeViolations } from '../contracts/violations';

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

/** The service refuses any property its V3 endpoint does not define, at any depth (HTTP 400). */
describe('global enrichment simulator: V3 requests hold only the fields their endpoint defines', () => {
	// A fresh simulator per test: its counters and windows start at zero.
	let sim: Simulator;
	beforeEach(async () => {
		sim = await startServices();
	});
	afterEach(async () => {
		await sim.close();
	});

	const send = async (method: string, pathAndQuery: string, body?: unknown) => {
		const response = await fetch(`${sim.url}/global${pathAndQuery}`, {
			method,
			headers: { api_key: 'global-demo-key', 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return { status: response.status, body: (await response.json()) as unknown };
	};
	const refusal = (...errors: string[]) => ({
		status: 400,
		body: { statusCode: 400, message: errors.join(', '), errors },
	});
	const ana = { clientReferenceId: '0', email: 'ana.silva@northwind.example.com' };

	it('refuses waterfallEnabled on contact search-and-enrich, and charges nothing', async () => {
		expect(
			await send('POST', '/v3/contacts/search-and-enrich', {
				contacts: [ana],
				waterfallEnabled: false,
			}),
		).toEqual(refusal('property waterfallEnabled should not exist'));
		expect(sim.services.global.creditsSpent).toBe(0);
		expect(sim.services.global.recordsLookedUp).toBe(0);
	});

	it('names nested properties by their path, every one of them', async () => {
		expect(
			await send('POST', '/v3/contacts/search-and-enrich', {
				contacts: [ana, { clientReferenceId: '1', email: 'x@example.com', company: 'Acme' }],
				options: { includePartialProfiles: true, excludeDnc: true },
			}),
		).toEqual(
			refusal(
				'contacts.1.property company should not exist',
				'options.property excludeDnc should not exist',
			),
		);
		expect(
			await send('POST', '/v3/contacts/prospecting', {
				pagination: { page: 0, size: 10 },
				filters: {
					contacts: { include: { locations: [{ country: 'Germany', town: 'Munich' }] } },
					companies: { include: { industries: ['Software'] } },
				},
			}),
		).toEqual(
			refusal(
				'filters.contacts.include.locations.0.property town should not exist',
				'filters.companies.include.property industries should not exist',
			),
		);
	});

	it('company search-and-enrich takes no reveal (company extras come through enrich by ids)', async () => {
		expect(
			await send('POST', '/v3/companies/search-and-enrich', {
				companies: [{ clientReferenceId: '0', domain: 'northwind.example.com' }],
				reveal: ['competitors'],
			}),
		).toEqual(refusal('property reveal should not exist'));
	});

	it('refuses query parameters a V3 GET does not define', async () => {
		expect(await send('GET', '/v3/account/usage?window=daily')).toEqual(
			refusal('property window should not exist'),
		);
		expect(await send('GET', '/v3/companies/prospecting/filters/industriesLabels?query=s')).toEqual(
			refusal('query.query is shorter than 2 characters'),
		);
	});

	it('accepts every field it defines: the full contact body and the full company search', async () => {
		const contacts = await send('POST', '/v3/contacts/search-and-enrich', {
			contacts: [ana],
			reveal: ['emails', 'phones'],
			options: { includePartialProfiles: true },
		});
		expect(contacts.status).toBe(200);
		const companies = await send('POST', '/v3/companies/prospecting', {
			pagination: { page: 0, size: 10 },
			filters: {
				companies: {
					include: {
						names: ['Northwind'],
						sizes: [{ min: 201, max: 1000 }],
						locations: [{ country: 'United States' }],
						mainIndustriesIds: [1],
						signals: { types: ['surgeInHiring'], filterByDepartment: [{ department: 'Sales' }] },
					},
					exclude: { domains: ['contoso.example.de'] },
				},
				contacts: { include: { jobTitles: ['VP Marketing'] } },
			},
			tableId: '1',
			options: { includePartialProfiles: false },
		});
		expect(companies.status).toBe(200);
	});

	it('checks every V3 endpoint of its contract, and serves no V3 path the contract lacks', async () => {
		const v3 = globalContract.endpoints.filter((e) => e.path.startsWith('/v3/'));
		for (const { method, path: template } of v3) {
			const endpoint = `${method} ${template}`;
			const path = template
				.replace('{filterType}', 'departments')
				.replace('companies/prospecting/filters/departments', 'companies/prospecting/filters/sizes')
				.replace('signals/filters/departments', 'signals/filters/intentCategories');
			const answer =
				method === 'GET'
					? await send('GET', `${path}?unknownField=1`)
					: await send('POST', path, { unknownField: 1 });
			expect([endpoint, answer]).toMatchObject([
				endpoint,
				{
					status: 400,
					body: {
						statusCode: 400,
						errors: expect.arrayContaining(['property unknownField should not exist']),
					},
				},
			]);
		}
		expect((await send('POST', '/v3/contacts/buying-group', {})).status).toBe(404);
		// The simulator reports the endpoint it has no contract entry for.
		expect(takeViolations()).toEqual([
			'POST /global/v3/contacts/buying-group has no entry in the global contract',
		]);
	});
});
