import nock from 'nock';
import { sleep } from 'n8n-workflow';

import { runWorkflow } from '../../harness';
import { fixClock } from '../../harness/clock';
import { GLOBAL_KEY, items, serviceCredential, withSimulator } from '../../harness/enrichment';
import { contact, demoSeedPlusContacts } from './fixtures';
import { runNock } from './helpers';
import {
	ENRICHMENT_SERVICE_MAY_HAVE_RUN_CHARGED_2,
	ENRICHMENT_SERVICE_S_PER_MINUTE_REQUEST,
	mayHaveRunWebPage,
} from './messages';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

/**
 * The transport of the enrichment node: the address and key header each API takes, the API the
 * credential chooses, and what the node does with rate windows, quotas and ambiguous failures.
 */

describe('Global Enrichment: wire format', () => {
	it('Find sends POST /person with the api_key header and one identifying set', async () => {
		const scope = nock('https://global.test', {
			reqheaders: { api_key: 'g-secret', 'content-type': /application\/json/ },
			badheaders: ['authorization'],
		})
			.post('/person', { firstName: 'Ana', lastName: 'Silva', company: 'Northwind Traders' })
			.reply(200, {
				requestId: 'r1',
				data: { id: 'p-1', fullName: 'Ana Silva' },
				creditsCharged: 1,
			});
		const result = await runNock(
			contact('find', {
				identifyBy: 'name',
				firstName: ' Ana ',
				lastName: 'Silva',
				company: 'Northwind  Traders',
				simplify: false,
			}),
			[{}],
		);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(items(result)).toEqual([
			{
				json: { found: true, creditsCharged: 1, id: 'p-1', fullName: 'Ana Silva' },
				pairedItem: { item: 0 },
			},
		]);
	});
});

describe('Global Enrichment on the service API: wire format', () => {
	it('a new credential calls POST https://api.lusha.com/v3/contacts/search-and-enrich with the api_key header', async () => {
		let sent: unknown;
		const scope = nock('https://api.lusha.com', {
			reqheaders: { api_key: 'lk-secret', 'content-type': /application\/json/ },
			badheaders: ['authorization'],
		})
			.post('/v3/contacts/search-and-enrich', (body) => {
				sent = body;
				return true;
			})
			.reply(
				200,
				{
					requestId: 'r-1',
					results: [
						{ clientReferenceId: '1', error: { code: 'NOT_FOUND', message: 'Contact not found' } },
						{ clientReferenceId: '0', id: 'p-1', firstName: 'Ana', lastName: 'Silva' },
					],
					billing: { creditsCharged: 1, resultsReturned: 1 },
				},
				{ 'x-minute-requests-left': '39' },
			);
		const result = await runWorkflow({
			nodes: {
				type: 'globalEnrichment',
				parameters: contact('find', { simplify: false }) as never,
				credentialTypes: ['globalEnrichmentApi'],
			},
			items: [{ email: 'Ana.Silva@Example.com' }, { email: 'nobody@example.com' }],
			credentials: {
				globalEnrichmentApi: serviceCredential('https://api.lusha.com', 'lk-secret'),
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		// Find batches on the service API as well: one call for both items.
		expect(sent).toEqual({
			contacts: [
				{ clientReferenceId: '0', email: 'ana.silva@example.com' },
				{ clientReferenceId: '1', email: 'nobody@example.com' },
			],
		});
		expect(items(result)).toEqual([
			{
				json: { found: true, creditsCharged: 1, id: 'p-1', firstName: 'Ana', lastName: 'Silva' },
				pairedItem: { item: 0 },
			},
			{
				json: { found: false, input: { email: 'nobody@example.com' }, creditsCharged: 0 },
				pairedItem: { item: 1 },
			},
		]);
	});
});

describe('Global Enrichment: the credential chooses the API', () => {
	const run = async (credential: Record<string, unknown>) =>
		await runWorkflow({
			nodes: {
				type: 'globalEnrichment',
				parameters: contact('find') as never,
				credentialTypes: ['globalEnrichmentApi'],
			},
			items: [{ email: 'ana@example.com' }],
			credentials: { globalEnrichmentApi: { apiKey: 'k', ...credential } },
		});

	it('the connection contract without a Base URL is refused before any call', async () => {
		const result = await run({ api: 'contract', baseUrl: '' });
		expect(result.error?.message).toBe(
			'The credential uses the connection contract but its Base URL is empty; enter the gateway address or choose the Service API',
		);
	});

	it('a credential saved before the API choice (Base URL and key only) keeps the contract', async () => {
		const scope = nock('https://gateway.example.com')
			.post('/v1/person', { email: 'ana@example.com' })
			.reply(200, { requestId: 'r', data: { id: 'p-1' }, creditsCharged: 1 });
		const result = await run({ baseUrl: 'https://gateway.example.com/v1/' });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(result.json()).toEqual([{ found: true, creditsCharged: 1, id: 'p-1' }]);
	});
});

describe('Global Enrichment: Contact → Enrich (bulk)', () => {
	const ctx = withSimulator(demoSeedPlusContacts(300));

	it('429 on a bulk call is retried, then every item is enriched', async () => {
		ctx.sim.services.global.failNext(1, 429, {
			statusCode: 429,
			message: 'Too many requests. Please wait before making another request.',
		});
		const result = await ctx.runGlobal(contact('enrich'), [
			{ email: 'contact3@bench.example.com' },
		]);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.status])).toEqual([
			['/person/bulk', 429],
			['/person/bulk', 200],
		]);
		expect(result.json()[0]).toMatchObject({ found: true, id: 'pg-3' });
	});

	it('a used-up minute window (no Retry-After) is waited out, then every item is enriched', async () => {
		ctx.sim.services.global.rateLimit = { perMinute: 1 };
		// The wait takes no time here: the simulated window resets when the node has waited a minute.
		const waits: number[] = [];
		(sleep as jest.Mock).mockImplementation(async (ms: number) => {
			waits.push(ms);
			if (ms >= 60_000) ctx.sim.services.global.resetRateWindow();
			await Promise.resolve();
		});
		try {
			const result = await ctx.runGlobal(contact('find'), [
				{ email: 'contact1@bench.example.com' },
				{ email: 'contact2@bench.example.com' },
			]);
			expect(result.error).toBeUndefined();
			expect(result.json().map((json) => json.id)).toEqual(['pg-1', 'pg-2']);
			expect(ctx.sim.services.global.calls.map((c) => c.status)).toEqual([200, 429, 200]);
			expect(waits).toEqual([60_000]);
		} finally {
			(sleep as jest.Mock).mockImplementation(async () => await Promise.resolve());
		}
	});

	it('a minute window longer than the credential allows stops with the window named', async () => {
		ctx.sim.services.global.rateLimit = { perMinute: 1 };
		const result = await runWorkflow({
			nodes: {
				type: 'globalEnrichment',
				parameters: contact('find') as never,
				credentialTypes: ['globalEnrichmentApi'],
			},
			items: [{ email: 'contact1@bench.example.com' }, { email: 'contact2@bench.example.com' }],
			credentials: {
				globalEnrichmentApi: {
					baseUrl: `${ctx.sim.url}/global`,
					apiKey: GLOBAL_KEY,
					maxRateWaitSeconds: 30,
				},
			},
		});
		expect(result.error?.message).toBe(ENRICHMENT_SERVICE_S_PER_MINUTE_REQUEST);
		expect(ctx.sim.services.global.calls.map((c) => c.status)).toEqual([200, 429]);
	});
});

describe('Global Enrichment on the service API: limits and ambiguous failures', () => {
	const ctx = withSimulator();
	afterEach(() => jest.useRealTimers());

	it('a used-up daily quota stops the run, even under Continue On Fail, naming the quota on every item', async () => {
		// The usage call that would give the reset time is itself refused here.
		ctx.sim.services.global.rateLimit = { perDay: 0, usagePerMinute: 0 };
		const result = await ctx.runGlobalService(
			contact('enrich'),
			[{ email: 'ana.silva@northwind.example.com' }],
			true,
		);
		expect(result.error).toBeUndefined();
		expect(result.json()[0].error).toBe(
			"The enrichment service's daily request quota of 0 calls is used up (HTTP 429); it resets at the start of the next day",
		);
		// The lookup, then the free usage call that would give the reset time (itself refused here).
		expect(ctx.sim.services.global.calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
			'POST /v3/contacts/search-and-enrich 429',
			'GET /v3/account/usage 429',
		]);
	});

	it("a used-up daily quota names the reset the service's usage gives, in seconds", async () => {
		// 20:00 UTC: the usage's daily window resets at midnight UTC, in 4 hours.
		fixClock(Date.UTC(2026, 10, 25, 20, 0));
		ctx.sim.services.global.rateLimit = { perDay: 0 };
		const result = await ctx.runGlobalService(contact('enrich'), [
			{ email: 'ana.silva@northwind.example.com' },
		]);
		expect(ctx.sim.services.global.calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
			'POST /v3/contacts/search-and-enrich 429',
			'GET /v3/account/usage 200',
		]);
		expect(result.error?.message).toBe(
			"The enrichment service's daily request quota of 0 calls is used up (HTTP 429); it resets in 14400 seconds",
		);
		expect(result.error?.context.itemIndex).toBe(0);
	});

	it('HTTP 502 to a batch is never repeated: its items say they may have been charged', async () => {
		ctx.sim.services.global.failNext(1, 502, { statusCode: 502, message: 'Bad gateway' });
		const result = await ctx.runGlobalService(
			contact('enrich'),
			[{ email: 'ana.silva@northwind.example.com' }, { email: 'mia@fabrikam.example.com.au' }],
			true,
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => c.status)).toEqual([502]);
		const message = ENRICHMENT_SERVICE_MAY_HAVE_RUN_CHARGED_2;
		expect(result.json().map((json) => json.error)).toEqual([message, message]);
	});

	it('a 200 answer that is an HTML page to a lookup: may have run, check the Service URL it went to', async () => {
		ctx.sim.services.global.failNext(1, 200, '<!doctype html><title>Welcome</title>');
		const result = await ctx.runGlobalService(contact('find'), [
			{ email: 'ana.silva@northwind.example.com' },
		]);
		expect(result.error?.message).toBe(mayHaveRunWebPage(`${ctx.sim.url}/global`));
	});

	it('429 without a used-up quota is retried with backoff', async () => {
		ctx.sim.services.global.failNext(2, 429);
		const result = await ctx.runGlobalService(contact('find'), [
			{ email: 'ana.silva@northwind.example.com' },
		]);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => c.status)).toEqual([429, 429, 200]);
		expect(result.json()[0]).toMatchObject({ found: true, id: 'p-2001' });
	});

	it('401 and 403 under Continue On Fail: error items, no further call, the node does not fail', async () => {
		const v3Refused = 'V3 API access is not enabled for your account';
		ctx.sim.services.global.failNext(1, 403, { statusCode: 403, message: v3Refused });
		const lookups = await ctx.runGlobalService(
			contact('find'),
			[{ email: 'ana.silva@northwind.example.com' }, { email: 'mia@fabrikam.example.com.au' }],
			true,
		);
		expect(lookups.error).toBeUndefined();
		const refused = `The enrichment service refused the API key for POST /v3/contacts/search-and-enrich (HTTP 403): ${v3Refused}; the plan does not allow this call or the account is inactive`;
		expect(lookups.json().map((json) => json.error)).toEqual([refused, refused]);

		ctx.sim.services.global.failNext(1, 401, { statusCode: 401, message: 'Invalid API key' });
		const searches = await ctx.runGlobalService(
			{ resource: 'company', operation: 'search', filters: { company: '={{ $json.name }}' } },
			[{ name: 'Northwind' }, { name: 'Contoso' }],
			true,
		);
		expect(searches.error).toBeUndefined();
		const wrongKey =
			'The enrichment service did not accept the API key (HTTP 401); check the key in the credential';
		expect(searches.json().map((json) => json.error)).toEqual([
			wrongKey,
			`Not run: the run stopped before this item (${wrongKey})`,
		]);
		expect(ctx.sim.services.global.calls.map((c) => `${c.path} ${c.status}`)).toEqual([
			'/v3/contacts/search-and-enrich 403',
			'/v3/companies/prospecting 401',
		]);
	});
});
