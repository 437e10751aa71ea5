import nock from 'nock';
import { sleep, type IDataObject } from 'n8n-workflow';

import { runWorkflow } from '../../harness';
import { DEMO_GLOBAL_SEED, generateGlobalContacts } from '../../simulator/globalEnrichment';
import { GLOBAL_KEY, items, withSimulator, apiCall } from '../../harness/enrichment';
import {
	ALL_SALES_REPRESENTATIVES,
	ANA,
	NORTHWIND,
	contact,
	demoSeedPlusContacts,
	pagesAsked,
} from './fixtures';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

const runNock = async (
	parameters: Record<string, unknown>,
	startItems: Array<Record<string, unknown>>,
) =>
	await runWorkflow({
		nodes: {
			type: 'globalEnrichment',
			parameters: parameters as never,
			credentialTypes: ['globalEnrichmentApi'],
		},
		items: startItems as IDataObject[],
		credentials: { globalEnrichmentApi: { baseUrl: 'https://global.test', apiKey: 'g-secret' } },
	});

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

	it('Enrich sends an array with our reference ids and maps results back by id, not by position', async () => {
		let sent: unknown;
		nock('https://global.test', { reqheaders: { api_key: 'g-secret' } })
			.post('/person/bulk', (body) => {
				sent = body;
				return true;
			})
			.reply(200, {
				requestId: 'r2',
				// Answered in reverse order.
				results: [
					{
						referenceId: '2',
						data: null,
						error: { code: 'NOT_FOUND', message: 'Contact not found' },
						creditsCharged: 0,
					},
					{ referenceId: '1', data: { id: 'p-b' }, creditsCharged: 2 },
					{ referenceId: '0', data: { id: 'p-a' }, creditsCharged: 1 },
				],
				billing: { creditsCharged: 3, resultsReturned: 2 },
			});
		const result = await runNock(contact('enrich', { simplify: false }), [
			{ email: 'a@example.com' },
			{ email: 'b@example.com' },
			{ email: 'c@example.com' },
		]);
		expect(result.error).toBeUndefined();
		expect(sent).toEqual([
			{ referenceId: '0', email: 'a@example.com' },
			{ referenceId: '1', email: 'b@example.com' },
			{ referenceId: '2', email: 'c@example.com' },
		]);
		expect(items(result)).toEqual([
			{ json: { found: true, creditsCharged: 1, id: 'p-a' }, pairedItem: { item: 0 } },
			{ json: { found: true, creditsCharged: 2, id: 'p-b' }, pairedItem: { item: 1 } },
			{
				json: { found: false, input: { email: 'c@example.com' }, creditsCharged: 0 },
				pairedItem: { item: 2 },
			},
		]);
	});
});

describe('Global Enrichment: Contact → Find', () => {
	const ctx = withSimulator();

	it('by e-mail, profile URL, and name + company; one call each', async () => {
		const runs = [
			await ctx.runGlobal(contact('find'), [{ email: 'Ana.Silva@Northwind.example.com' }]),
			await ctx.runGlobal(
				contact('find', { identifyBy: 'networkUrl', networkUrl: '={{ $json.url }}' }),
				[{ url: 'https://de.linkedin.com/in/jonas-becker/' }],
			),
			await ctx.runGlobal(
				contact('find', {
					identifyBy: 'name',
					firstName: '={{ $json.first }}',
					lastName: '={{ $json.last }}',
					company: '={{ $json.company }}',
				}),
				[{ first: 'mia', last: 'TAYLOR', company: 'fabrikam.example.com.au' }],
			),
		];
		expect(ctx.sim.services.global.calls.map((c) => [c.method, c.path, c.apiKey, c.body])).toEqual([
			['POST', '/person', GLOBAL_KEY, { email: 'ana.silva@northwind.example.com' }],
			['POST', '/person', GLOBAL_KEY, { networkUrl: 'https://www.linkedin.com/in/jonas-becker' }],
			[
				'POST',
				'/person',
				GLOBAL_KEY,
				{ firstName: 'mia', lastName: 'TAYLOR', company: 'fabrikam.example.com.au' },
			],
		]);
		expect(runs.map((run) => items(run))).toEqual([
			[{ json: { found: true, creditsCharged: 2, ...ANA }, pairedItem: { item: 0 } }],
			[
				{
					json: expect.objectContaining({ found: true, creditsCharged: 1, id: 'p-2002' }),
					pairedItem: { item: 0 },
				},
			],
			[
				{
					json: expect.objectContaining({ found: true, creditsCharged: 1, id: 'p-2003' }),
					pairedItem: { item: 0 },
				},
			],
		]);
	});

	it('no match: found false with the input echoed', async () => {
		const result = await ctx.runGlobal(contact('find'), [{ email: 'ghost@example.com' }]);
		expect(items(result)).toEqual([
			{
				json: { found: false, input: { email: 'ghost@example.com' }, creditsCharged: 0 },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('a per-record refusal fails the node naming the item', async () => {
		const result = await ctx.runGlobal(contact('find'), [
			{ email: 'ana.silva@northwind.example.com' },
			{ email: 'eve@contoso.example.de' },
		]);
		expect(result.error?.message).toBe(
			'The service could not look up the contact of item 1: This contact cannot be returned for compliance reasons (COMPLIANCE_RESTRICTED). Done before it stopped: 2 of 2 items answered (items 0-1); not done: 0 (no items)',
		);
		expect(result.error?.context.itemIndex).toBe(1);
	});
});

describe('Global Enrichment: Contact → Enrich (bulk)', () => {
	const ctx = withSimulator(demoSeedPlusContacts(300));

	it('250 contacts go out as 100 + 100 + 50, each result on its own item', async () => {
		const input = Array.from({ length: 250 }, (_, n) => ({
			email: `contact${n}@bench.example.com`,
		}));
		const result = await ctx.runGlobal(contact('enrich'), input);
		expect(result.error).toBeUndefined();
		const calls = ctx.sim.services.global.calls;
		expect(calls.map((c) => [c.path, (c.body as unknown[]).length])).toEqual([
			['/person/bulk', 100],
			['/person/bulk', 100],
			['/person/bulk', 50],
		]);
		expect((calls[2].body as Array<Record<string, string>>)[0]).toEqual({
			referenceId: '200',
			email: 'contact200@bench.example.com',
		});
		const output = result.output();
		expect(output).toHaveLength(250);
		output.forEach((item, n) => {
			expect(item.pairedItem).toEqual({ item: n });
			expect(item.json).toMatchObject({
				found: true,
				id: `pg-${n}`,
				email: `contact${n}@bench.example.com`,
			});
			expect(item.json.creditsCharged).toBe(n % 5 === 0 ? 2 : 1);
		});
		expect(ctx.sim.services.global.creditsSpent).toBe(300);
	});

	it('deduplicates after normalising: 6 items, 3 records sent, credits reported once', async () => {
		const result = await ctx.runGlobal(contact('enrich'), [
			{ email: 'contact1@bench.example.com' },
			{ email: ' CONTACT1@bench.example.com' },
			{ email: 'contact2@bench.example.com' },
			{ email: 'contact1@BENCH.example.com ' },
			{ email: 'nobody@bench.example.com' },
			{ email: 'Nobody@bench.example.com' },
		]);
		expect(ctx.sim.services.global.calls.map((c) => c.body)).toEqual([
			[
				{ referenceId: '0', email: 'contact1@bench.example.com' },
				{ referenceId: '2', email: 'contact2@bench.example.com' },
				{ referenceId: '4', email: 'nobody@bench.example.com' },
			],
		]);
		expect(
			result
				.output()
				.map((item) => [item.json.found, item.json.id, item.json.creditsCharged, item.pairedItem]),
		).toEqual([
			[true, 'pg-1', 1, { item: 0 }],
			[true, 'pg-1', 0, { item: 1 }],
			[true, 'pg-2', 1, { item: 2 }],
			[true, 'pg-1', 0, { item: 3 }],
			[false, undefined, 0, { item: 4 }],
			[false, undefined, 0, { item: 5 }],
		]);
		expect(result.json()[5].input).toEqual({ email: 'Nobody@bench.example.com' });
	});

	it('a per-record error lands on its own item under Continue On Fail; the rest are enriched', async () => {
		const result = await ctx.runGlobal(
			contact('enrich'),
			[
				{ email: 'contact7@bench.example.com' },
				{ email: 'eve@contoso.example.de' },
				{ email: 'contact8@bench.example.com' },
			],
			true,
		);
		expect(result.error).toBeUndefined();
		expect(items(result)).toEqual([
			{ json: expect.objectContaining({ found: true, id: 'pg-7' }), pairedItem: { item: 0 } },
			{
				json: {
					error:
						'The service could not look up the contact of item 1: This contact cannot be returned for compliance reasons (COMPLIANCE_RESTRICTED)',
					code: 'COMPLIANCE_RESTRICTED',
					input: { email: 'eve@contoso.example.de' },
				},
				pairedItem: { item: 1 },
			},
			{ json: expect.objectContaining({ found: true, id: 'pg-8' }), pairedItem: { item: 2 } },
		]);
	});

	it('no match with "Error on No Match": fails the node naming the item', async () => {
		const result = await ctx.runGlobal(contact('enrich', { options: { errorOnNoMatch: true } }), [
			{ email: 'contact1@bench.example.com' },
			{ email: 'nobody@bench.example.com' },
		]);
		expect(result.error?.message).toBe(
			'No contact matches item 1. Done before it stopped: 2 of 2 items answered (items 0-1); not done: 0 (no items)',
		);
		expect(ctx.sim.services.global.calls).toHaveLength(1);
	});

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
		expect(result.error?.message).toBe(
			`The enrichment service's per-minute request quota of 1 calls is used up (HTTP 429); it resets within the minute. Done before it stopped: 1 of 2 items answered (item 0); not done: 1 (item 1) (first not done: item 1 {"email":"contact2@bench.example.com"})`,
		);
		expect(ctx.sim.services.global.calls.map((c) => c.status)).toEqual([200, 429]);
	});

	const NO_CREDITS =
		'The enrichment service account has no credits left (HTTP 402): Insufficient credits for this operation; top up the credits';
	const input200 = Array.from({ length: 200 }, (_, n) => ({
		email: `contact${n}@bench.example.com`,
	}));

	it('402 on a bulk call under Continue On Fail: the 100 paid records reach their items, the rest get the error', async () => {
		ctx.sim.services.global.credits = 150;
		const result = await ctx.runGlobal(contact('enrich'), input200, true);
		expect(result.error).toBeUndefined();
		const json = result.json();
		expect(json).toHaveLength(200);
		expect(json.slice(0, 100).every((item) => item.found === true)).toBe(true);
		expect(json.slice(100).every((item) => item.error === NO_CREDITS)).toBe(true);
		expect(ctx.sim.services.global.calls.map((c) => c.status).sort()).toEqual([200, 402]);
		expect(ctx.sim.services.global.creditsSpent).toBe(120);
		const reported = json.reduce((sum, item) => sum + Number(item.creditsCharged ?? 0), 0);
		expect(reported).toBe(120);
	});

	it('402 on a bulk call without Continue On Fail names what was done; the re-run it asks for pays nothing twice', async () => {
		ctx.sim.services.global.credits = 150;
		const result = await ctx.runGlobal(contact('enrich'), input200);
		expect(result.error?.message).toBe(
			`${NO_CREDITS}. Done before it stopped: 100 of 200 items answered (items 0-99); not done: 100 (items 100-199) (first not done: item 100 {"email":"contact100@bench.example.com"}, item 101 {"email":"contact101@bench.example.com"}, item 102 {"email":"contact102@bench.example.com"})`,
		);
		expect(ctx.sim.services.global.creditsSpent).toBe(120);
		ctx.sim.services.global.credits = 1000;
		const notDone = result.error?.context.notDoneItems as number[];
		const rerun = await ctx.runGlobal(
			contact('enrich'),
			notDone.map((i) => input200[i]),
		);
		expect(rerun.error).toBeUndefined();
		// Every contact paid for once over both runs: 200 contacts, every 5th with a phone.
		expect(ctx.sim.services.global.creditsSpent).toBe(240);
		expect(ctx.sim.services.global.recordsLookedUp).toBe(200 + 100);
	});
});

describe('Global Enrichment: Company → Find and Enrich', () => {
	const ctx = withSimulator();

	it('Find by domain and by name', async () => {
		const byDomain = await ctx.runGlobal({
			resource: 'company',
			operation: 'find',
			identifyBy: 'domain',
			domain: 'https://www.Northwind.example.com/about',
		});
		const byName = await ctx.runGlobal({
			resource: 'company',
			operation: 'find',
			identifyBy: 'name',
			name: ' contoso  gmbh ',
		});
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			['/company', { domain: 'northwind.example.com' }],
			['/company', { name: 'contoso gmbh' }],
		]);
		expect(byDomain.json()).toEqual([NORTHWIND]);
		expect(byName.json()).toEqual([
			expect.objectContaining({ found: true, id: 'c-1002', name: 'Contoso GmbH' }),
		]);
	});

	it('Enrich sends companies through /company/bulk, deduplicated', async () => {
		const result = await ctx.runGlobal(
			{
				resource: 'company',
				operation: 'enrich',
				identifyBy: 'domain',
				domain: '={{ $json.domain }}',
				simplify: false,
			},
			[
				{ domain: 'fabrikam.example.com.au' },
				{ domain: 'www.FABRIKAM.example.com.au' },
				{ domain: 'unknown.example.org' },
			],
		);
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			[
				'/company/bulk',
				[
					{ referenceId: '0', domain: 'fabrikam.example.com.au' },
					{ referenceId: '2', domain: 'unknown.example.org' },
				],
			],
		]);
		const fabrikam = ctx.sim.services.global.companyRecord(DEMO_GLOBAL_SEED.companies[2]);
		expect(items(result)).toEqual([
			{ json: { found: true, creditsCharged: 1, ...fabrikam }, pairedItem: { item: 0 } },
			{ json: { found: true, creditsCharged: 0, ...fabrikam }, pairedItem: { item: 1 } },
			{
				json: { found: false, input: { domain: 'unknown.example.org' }, creditsCharged: 0 },
				pairedItem: { item: 2 },
			},
		]);
	});
});

describe('Global Enrichment: searches', () => {
	const ctx = withSimulator(demoSeedPlusContacts(120));

	it('Contact → Search sends include filters and pages of 50 until the limit', async () => {
		const result = await ctx.runGlobal({
			resource: 'contact',
			operation: 'search',
			limit: 60,
			filters: {
				jobTitle: 'Marketing Manager, VP Marketing',
				location: 'United States',
				company: 'Northwind',
				industry: 'Software',
				companySize: ['201-1000', '5001+'],
			},
		});
		expect(result.error).toBeUndefined();
		const filters = {
			contacts: {
				include: {
					jobTitles: ['Marketing Manager', 'VP Marketing'],
					locations: [{ country: 'United States' }],
				},
			},
			companies: {
				include: {
					names: ['Northwind'],
					industries: ['Software'],
					sizes: [{ min: 5001 }, { min: 201, max: 1000 }],
				},
			},
		};
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			['/prospecting/contact/search', { pagination: { page: 0, size: 50 }, filters }],
			['/prospecting/contact/search', { pagination: { page: 1, size: 50 }, filters }],
		]);
		const output = result.output();
		expect(output).toHaveLength(60);
		expect(output[0]).toEqual({ json: ANA, pairedItem: { item: 0 } });
		expect(
			output.every(
				(item) => item.json.jobTitle === 'Marketing Manager' || item.json.id === 'p-2001',
			),
		).toBe(true);
	});

	it('Return All follows the pages until a short page', async () => {
		const result = await ctx.runGlobal(ALL_SALES_REPRESENTATIVES);
		// 120 generated contacts, every second one a sales representative: 60 = 50 + 10.
		expect(pagesAsked(ctx.sim.services.global.calls)).toEqual([
			{ page: 0, size: 50 },
			{ page: 1, size: 50 },
		]);
		expect(result.output()).toHaveLength(60);
		expect(result.output().every((item) => item.json.jobTitle === 'Sales Representative')).toBe(
			true,
		);
	});

	it('Company → Search filters by location, industry and size', async () => {
		const result = await ctx.runGlobal({
			resource: 'company',
			operation: 'search',
			limit: 10,
			filters: { location: 'Germany, Australia', companySize: ['1001-5000'] },
		});
		expect(ctx.sim.services.global.calls.map((c) => c.body)).toEqual([
			{
				pagination: { page: 0, size: 10 },
				filters: {
					companies: {
						include: {
							locations: [{ country: 'Germany' }, { country: 'Australia' }],
							sizes: [{ min: 1001, max: 5000 }],
						},
					},
				},
			},
		]);
		expect(result.json().map((company) => company.name)).toEqual(['Contoso GmbH']);
	});
});

describe('Global Enrichment: search paging at an exact multiple of the page size', () => {
	const ctx = withSimulator(() => ({
		global: { ...DEMO_GLOBAL_SEED, contacts: generateGlobalContacts(100) },
	}));

	it('Return All stops at the reported total without asking for an empty page', async () => {
		const result = await ctx.runGlobal(ALL_SALES_REPRESENTATIVES);
		// 50 sales representatives = one full page and totalResults 50.
		expect(pagesAsked(ctx.sim.services.global.calls)).toEqual([{ page: 0, size: 50 }]);
		expect(result.output()).toHaveLength(50);
	});
});

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
