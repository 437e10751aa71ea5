import nock from 'nock';

import { runWorkflow } from '../../harness';
import { DEMO_GLOBAL_SEED, generateGlobalContacts } from '../../simulator/globalEnrichment';
import { loadOptions } from '../../../nodes/GlobalEnrichment/methods';
import {
	GLOBAL_KEY,
	globalLoadOptionsContext,
	items,
	serviceCredential,
	withSimulator,
	apiCall,
} from '../../harness/enrichment';
import { ANA, NORTHWIND, contact } from './fixtures';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

/**
 * Every operation on the service's own API (V3, the credential's default): batches of up to 100
 * records matched back by our reference id; outputs shaped as on the connection contract.
 */

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
			waterfallEnabled: false,
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

describe('Global Enrichment on the service API: Contact → Find and Enrich', () => {
	const ctx = withSimulator();

	it('every identifying set with its real key; per-record errors stay on their own item', async () => {
		const result = await ctx.runGlobalService(
			contact('enrich'),
			[
				{ email: 'ana.silva@northwind.example.com' },
				{ email: 'ANA.SILVA@northwind.example.com' },
				{ email: 'eve@contoso.example.de' },
				{ email: 'ghost@example.com' },
			],
			true,
		);
		const byUrl = await ctx.runGlobalService(
			contact('find', { identifyBy: 'networkUrl', networkUrl: 'linkedin.com/in/Mia-Taylor' }),
		);
		const byName = await ctx.runGlobalService(
			contact('find', {
				identifyBy: 'name',
				firstName: 'Jonas',
				lastName: 'Becker',
				company: '={{ $json.company }}',
			}),
			[{ company: 'contoso.example.de' }, { company: 'Contoso GmbH' }],
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			[
				'/v3/contacts/search-and-enrich',
				{
					contacts: [
						{ clientReferenceId: '0', email: 'ana.silva@northwind.example.com' },
						{ clientReferenceId: '2', email: 'eve@contoso.example.de' },
						{ clientReferenceId: '3', email: 'ghost@example.com' },
					],
					waterfallEnabled: false,
				},
			],
			[
				'/v3/contacts/search-and-enrich',
				{
					contacts: [
						{ clientReferenceId: '0', linkedinUrl: 'https://www.linkedin.com/in/mia-taylor' },
					],
					waterfallEnabled: false,
				},
			],
			[
				'/v3/contacts/search-and-enrich',
				{
					contacts: [
						{
							clientReferenceId: '0',
							firstName: 'Jonas',
							lastName: 'Becker',
							companyDomain: 'contoso.example.de',
						},
						{
							clientReferenceId: '1',
							firstName: 'Jonas',
							lastName: 'Becker',
							companyName: 'Contoso GmbH',
						},
					],
					waterfallEnabled: false,
				},
			],
		]);
		expect(result.json()).toEqual([
			{ found: true, creditsCharged: 2, ...ANA },
			{ found: true, creditsCharged: 0, ...ANA },
			{
				error:
					'The service could not look up the contact of item 2: This contact cannot be returned for compliance reasons (COMPLIANCE_RESTRICTED)',
				code: 'COMPLIANCE_RESTRICTED',
				input: { email: 'eve@contoso.example.de' },
			},
			{ found: false, input: { email: 'ghost@example.com' }, creditsCharged: 0 },
		]);
		expect(byUrl.json()[0]).toMatchObject({
			found: true,
			id: 'p-2003',
			email: 'mia@fabrikam.example.com.au',
		});
		expect(byName.json().map((json) => json.id)).toEqual(['p-2002', 'p-2002']);
		expect(ctx.sim.services.global.creditsSpent).toBe(2 + 1 + 2);
	});
});

describe('Global Enrichment on the service API: bulk in batches of 100', () => {
	const ctx = withSimulator(() => ({
		global: { ...DEMO_GLOBAL_SEED, contacts: generateGlobalContacts(250) },
	}));

	it('250 contacts, 20 of them repeated: 3 calls of at most 100 unique records, each charged once', async () => {
		const input = Array.from({ length: 270 }, (_, n) => ({
			email: `contact${n < 250 ? n : n - 250}@bench.example.com`,
		}));
		const result = await ctx.runGlobalService(contact('enrich'), input);
		expect(result.error).toBeUndefined();
		const calls = ctx.sim.services.global.calls;
		// The three chunks go out concurrently, so they may arrive in any order.
		expect(
			calls.map((c) => (c.body as { contacts: unknown[] }).contacts.length).sort((a, b) => b - a),
		).toEqual([100, 100, 50]);
		const references = calls.flatMap((c) =>
			(c.body as { contacts: Array<{ clientReferenceId: string }> }).contacts.map(
				(record) => record.clientReferenceId,
			),
		);
		expect(new Set(references).size).toBe(250);
		expect(result.json()).toHaveLength(270);
		expect(result.json().every((json) => json.found === true)).toBe(true);
		expect(result.json()[260].id).toBe(result.json()[10].id);
		// Credits: each unique identity once. The service bills the call, not each record: the
		// bill is on the call's first record (callBilling), never split into fractions.
		const bills = result
			.json()
			.map((json) => json.callBilling as { creditsCharged: number; requestId: string } | undefined)
			.filter((bill) => bill !== undefined);
		expect(bills).toHaveLength(3);
		expect(new Set(bills.map((bill) => bill.requestId)).size).toBe(3);
		expect(bills.every((bill) => Number.isInteger(bill.creditsCharged))).toBe(true);
		expect(result.json().some((json) => json.creditsCharged !== undefined)).toBe(false);
		const reported = bills.reduce((sum, bill) => sum + bill.creditsCharged, 0);
		expect(reported).toBe(ctx.sim.services.global.creditsSpent);
	});
});

describe('Global Enrichment on the service API: Company → Find and Enrich', () => {
	const ctx = withSimulator();

	it('POST /v3/companies/search-and-enrich with domain or name; employee count from { exact }', async () => {
		const result = await ctx.runGlobalService(
			{
				resource: 'company',
				operation: 'enrich',
				identifyBy: 'domain',
				domain: '={{ $json.domain }}',
			},
			[{ domain: 'https://www.Northwind.example.com/' }, { domain: 'nowhere.example.org' }],
		);
		const byName = await ctx.runGlobalService({
			resource: 'company',
			operation: 'find',
			identifyBy: 'name',
			name: 'Contoso GmbH',
		});
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			[
				'/v3/companies/search-and-enrich',
				{
					companies: [
						{ clientReferenceId: '0', domain: 'northwind.example.com' },
						{ clientReferenceId: '1', domain: 'nowhere.example.org' },
					],
				},
			],
			[
				'/v3/companies/search-and-enrich',
				{ companies: [{ clientReferenceId: '0', name: 'Contoso GmbH' }] },
			],
		]);
		expect(result.json()).toEqual([
			NORTHWIND,
			{ found: false, input: { domain: 'nowhere.example.org' }, creditsCharged: 0 },
		]);
		expect(byName.json()[0]).toMatchObject({ found: true, id: 'c-1002', employeeCount: 2600 });
	});
});

describe('Global Enrichment on the service API: Search', () => {
	const ctx = withSimulator();

	it('Search Contacts: POST /v3/contacts/prospecting with pages of at most 50', async () => {
		const result = await ctx.runGlobalService({
			resource: 'contact',
			operation: 'search',
			returnAll: true,
			filters: { jobTitle: 'Marketing', location: 'Australia, United States' },
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			[
				'/v3/contacts/prospecting',
				{
					pagination: { page: 0, size: 50 },
					filters: {
						contacts: {
							include: {
								jobTitles: ['Marketing'],
								locations: [{ country: 'Australia' }, { country: 'United States' }],
							},
						},
					},
				},
			],
		]);
		expect(result.json().map((json) => json.id)).toEqual(['p-2001', 'p-2003']);
		expect(result.json()[0]).toEqual(ANA);
	});

	it('Search Companies: industry IDs go out as mainIndustriesIds; names are refused before any call', async () => {
		const result = await ctx.runGlobalService({
			resource: 'company',
			operation: 'search',
			returnAll: false,
			limit: 5,
			filters: { industry: '1, 3' },
		});
		const byName = await ctx.runGlobalService(
			{ resource: 'company', operation: 'search', filters: { industry: 'Software' } },
			[{}],
			true,
		);
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			[
				'/v3/companies/prospecting',
				{
					pagination: { page: 0, size: 5 },
					filters: { companies: { include: { mainIndustriesIds: [1, 3] } } },
				},
			],
		]);
		expect(result.json().map((json) => json.id)).toEqual(['c-1001', 'c-1002']);
		expect(byName.json()[0].error).toBe(
			"Invalid Industry filter in item 0: the service's own API takes industry IDs (numbers such as 5, 12), not names",
		);
	});
});

describe('Global Enrichment on the service API: industry picker', () => {
	const ctx = withSimulator();

	it("loads the service's industries (name → ID) and searches with the picked IDs", async () => {
		const context = await globalLoadOptionsContext(
			serviceCredential(`${ctx.sim.url}/global`, GLOBAL_KEY),
		);
		const options = await loadOptions.getIndustries.call(context);
		expect(options.slice(0, 3)).toEqual([
			{ name: 'Finance', value: 4 },
			{ name: 'Healthcare', value: 5 },
			{ name: 'Logistics', value: 6 },
		]);
		const result = await ctx.runGlobalService({
			resource: 'company',
			operation: 'search',
			returnAll: true,
			filters: { industryIds: [3] },
		});
		expect(ctx.sim.services.global.calls.map((c) => [c.method, c.path, c.body])).toEqual([
			['GET', '/v3/companies/prospecting/filters/industriesLabels', undefined],
			[
				'POST',
				'/v3/companies/prospecting',
				{
					pagination: { page: 0, size: 50 },
					filters: { companies: { include: { mainIndustriesIds: [3] } } },
				},
			],
		]);
		expect(result.json().map((json) => json.id)).toEqual(['c-1002']);
	});

	it('on the connection contract the picker says the list needs the service API', async () => {
		const context = await globalLoadOptionsContext({
			baseUrl: `${ctx.sim.url}/global`,
			apiKey: GLOBAL_KEY,
		});
		await expect(loadOptions.getIndustries.call(context)).rejects.toThrow(
			"The industry list comes from the service's own API; on the connection contract, type industry names in the Industry filter",
		);
		expect(ctx.sim.services.global.calls).toHaveLength(0);
	});
});

describe('Global Enrichment on the service API: limits and ambiguous failures', () => {
	const ctx = withSimulator();

	it('a used-up daily quota stops the run, even under Continue On Fail, naming the quota on every item', async () => {
		ctx.sim.services.global.rateLimit = { perDay: 0 };
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

	it('HTTP 502 to a batch is never repeated: its items say they may have been charged', async () => {
		ctx.sim.services.global.failNext(1, 502, { statusCode: 502, message: 'Bad gateway' });
		const result = await ctx.runGlobalService(
			contact('enrich'),
			[{ email: 'ana.silva@northwind.example.com' }, { email: 'mia@fabrikam.example.com.au' }],
			true,
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => c.status)).toEqual([502]);
		const message =
			'The enrichment service may have run and charged POST /v3/contacts/search-and-enrich: it answered HTTP 502. It was not repeated, so no credit is spent twice';
		expect(result.json().map((json) => json.error)).toEqual([message, message]);
	});

	it('a 200 answer that is an HTML page to a lookup: may have run, check the Service URL it went to', async () => {
		ctx.sim.services.global.failNext(1, 200, '<!doctype html><title>Welcome</title>');
		const result = await ctx.runGlobalService(contact('find'), [
			{ email: 'ana.silva@northwind.example.com' },
		]);
		expect(result.error?.message).toBe(
			`The enrichment service may have run and charged POST /v3/contacts/search-and-enrich: its answer was a web page, not the JSON the service sends (check the credential's Service URL ${ctx.sim.url}/global). It was not repeated, so no credit is spent twice`,
		);
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
});

describe('Global Enrichment on the service API: waterfall to third-party providers', () => {
	const ctx = withSimulator();
	const bodies = () =>
		ctx.sim.services.global.calls.map(
			(c) => (c.body as { waterfallEnabled?: unknown }).waterfallEnabled,
		);

	it('contact lookups send waterfallEnabled: false unless the option is on; company lookups never send it', async () => {
		const email = [{ email: 'ana.silva@northwind.example.com' }];
		expect((await ctx.runGlobalService(contact('find'), email)).error).toBeUndefined();
		expect((await ctx.runGlobalService(contact('enrich'), email)).error).toBeUndefined();
		const on = contact('enrich', { options: { waterfallEnabled: true } });
		expect((await ctx.runGlobalService(on, email)).error).toBeUndefined();
		const company = await ctx.runGlobalService({
			resource: 'company',
			operation: 'find',
			identifyBy: 'domain',
			domain: 'northwind.example.com',
		});
		expect(company.error).toBeUndefined();
		expect(bodies()).toEqual([false, false, true, undefined]);
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
