/**
 * The enrichment nodes in a real n8n, installed from the packed tarball: the chain users build
 * (contacts → global Contact → Enrich → Marketing Automation Lead → Create or Update) and global
 * Contact → Find by name and company against the simulator, then both enrichment example
 * workflows as shipped. The enrichment credentials use the
 * services' own API (the credential's default), as a new credential is saved.
 */
import globalDemo from '../../examples/enrichment-global-demo.json';
import anzDemo from '../../examples/enrichment-anz-demo.json';
import { DEMO_CLIENT } from '../simulator/marketing';
import enrichmentWorkflow from './workflows/enrichment.json';
import findWorkflow from './workflows/enrichmentFind.json';
import { startE2e, type E2e } from './runner';

const credentialId = (workflow: typeof enrichmentWorkflow, type: string): string => {
	const node = workflow.nodes.find((n) => n.credentials && type in n.credentials);
	return (node?.credentials as unknown as Record<string, { id: string }>)[type].id;
};

function credentials(e2e: E2e) {
	const serviceApi = (serviceUrl: string, apiKey: string) => ({
		api: 'service',
		serviceUrl,
		baseUrl: '',
		apiKey,
	});
	const globalData = serviceApi(`${e2e.sim.url}/global`, 'global-demo-key');
	const marketingData = {
		restEndpoint: `${e2e.sim.url}/rest`,
		clientId: DEMO_CLIENT.clientId,
		clientSecret: DEMO_CLIENT.clientSecret,
		accessToken: '',
	};
	return [
		{
			id: credentialId(enrichmentWorkflow, 'globalEnrichmentApi'),
			name: 'E2E global',
			type: 'globalEnrichmentApi',
			data: globalData,
		},
		{
			id: credentialId(enrichmentWorkflow, 'marketingAutomationApi'),
			name: 'E2E marketing',
			type: 'marketingAutomationApi',
			data: marketingData,
		},
		{
			id: 'demoGlobalCred01',
			name: 'Global enrichment (simulator)',
			type: 'globalEnrichmentApi',
			data: globalData,
		},
		{
			id: 'demoAnzCred01',
			name: 'ANZ sales intelligence (simulator)',
			type: 'anzSalesIntelligenceApi',
			data: serviceApi(`${e2e.sim.url}/anz`, 'anz-demo-key'),
		},
		{
			id: 'demoMarketingCred01',
			name: 'Marketing automation (simulator)',
			type: 'marketingAutomationApi',
			data: marketingData,
		},
	];
}

describe('enrichment nodes in n8n (e2e)', () => {
	let e2e: E2e;

	beforeAll(async () => {
		e2e = await startE2e({ shared: true });
		await e2e.importCredentials(credentials(e2e));
		await e2e.importWorkflow([enrichmentWorkflow, findWorkflow, globalDemo, anzDemo]);
	});

	afterAll(async () => {
		await e2e?.stop();
	});

	it('enriches contacts in one bulk call (repeat merged) and upserts every item as a lead', async () => {
		const global = e2e.sim.services.global;
		const marketing = e2e.sim.services.marketing;
		const globalBefore = global.calls.length;
		const marketingBefore = marketing.calls.length;

		const run = await e2e.execute(enrichmentWorkflow.id);

		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');
		expect(run.nodesRun).toEqual([
			'Start',
			'Contacts',
			'One Item Per Contact',
			'Enrich Contacts',
			'Upsert Leads',
		]);

		// One batch on the service's own API, the repeated contact (other letter case) sent once,
		// with the API key header and our reference ids.
		expect(global.calls.slice(globalBefore)).toEqual([
			{
				method: 'POST',
				path: '/v3/contacts/search-and-enrich',
				apiKey: 'global-demo-key',
				body: {
					contacts: [
						{ clientReferenceId: '0', email: 'ana.silva@northwind.example.com' },
						{ clientReferenceId: '1', email: 'jonas.becker@contoso.example.de' },
						{ clientReferenceId: '3', email: 'nobody@unknown.example.org' },
					],
				},
				query: undefined,
				status: 200,
				credits: 3,
			},
		]);

		const enriched = run.fullItems('Enrich Contacts');
		expect(enriched.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(enriched.map((item) => item.json)).toEqual([
			// The call's bill (3 credits for two records) once, on its first record: never a fraction.
			expect.objectContaining({
				found: true,
				id: 'p-2001',
				email: 'ana.silva@northwind.example.com',
				callBilling: { requestId: expect.any(String), creditsCharged: 3, resultsReturned: 2 },
			}),
			expect.objectContaining({ found: true, id: 'p-2002', jobTitle: 'Head of Sales' }),
			expect.objectContaining({ found: true, id: 'p-2001', creditsCharged: 0 }),
			{ found: false, input: { email: 'nobody@unknown.example.org' }, creditsCharged: 0 },
		]);

		const upserts = marketing.calls
			.slice(marketingBefore)
			.filter((call) => call.path === '/rest/v1/leads.json');
		expect(upserts.map((call) => call.body)).toEqual([
			{
				action: 'createOrUpdate',
				lookupField: 'email',
				input: [
					{
						email: 'ana.silva@northwind.example.com',
						firstName: 'Ana',
						lastName: 'Silva',
						company: 'Northwind Traders',
						title: 'VP Marketing',
					},
					{
						email: 'jonas.becker@contoso.example.de',
						firstName: 'Jonas',
						lastName: 'Becker',
						company: 'Contoso GmbH',
						title: 'Head of Sales',
					},
					{
						email: 'ana.silva@northwind.example.com',
						firstName: 'Ana',
						lastName: 'Silva',
						company: 'Northwind Traders',
						title: 'VP Marketing',
					},
					{ email: 'nobody@unknown.example.org' },
				],
			},
		]);
		const leads = run.fullItems('Upsert Leads');
		expect(leads.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(leads.map((item) => item.json.email)).toEqual([
			'ana.silva@northwind.example.com',
			'jonas.becker@contoso.example.de',
			'ana.silva@northwind.example.com',
			'nobody@unknown.example.org',
		]);
		expect(leads.every((item) => ['created', 'updated'].includes(String(item.json.status)))).toBe(
			true,
		);
		expect(JSON.stringify(run.raw)).not.toContain('global-demo-key');
	});

	it('finds contacts by name and company on the service API in one call (repeat merged)', async () => {
		const global = e2e.sim.services.global;
		const before = global.calls.length;

		const run = await e2e.execute(findWorkflow.id);

		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');
		// One search-and-enrich on the service's own API with exactly the fields it defines (the
		// simulator refuses any other, as the service does); the repeat in other case sent once.
		expect(global.calls.slice(before)).toEqual([
			{
				method: 'POST',
				path: '/v3/contacts/search-and-enrich',
				apiKey: 'global-demo-key',
				body: {
					contacts: [
						{
							clientReferenceId: '0',
							firstName: 'Jonas',
							lastName: 'Becker',
							companyName: 'Contoso GmbH',
						},
						{
							clientReferenceId: '1',
							firstName: 'Ana',
							lastName: 'Silva',
							companyDomain: 'northwind.example.com',
						},
						{
							clientReferenceId: '3',
							firstName: 'No',
							lastName: 'Body',
							companyName: 'Unknown Ltd',
						},
					],
				},
				query: undefined,
				status: 200,
				credits: 3,
			},
		]);
		const found = run.fullItems('Find Contacts');
		expect(found.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(found.map((item) => item.json)).toEqual([
			expect.objectContaining({
				found: true,
				id: 'p-2002',
				jobTitle: 'Head of Sales',
				callBilling: { requestId: expect.any(String), creditsCharged: 3, resultsReturned: 2 },
			}),
			expect.objectContaining({
				found: true,
				id: 'p-2001',
				email: 'ana.silva@northwind.example.com',
			}),
			// The repeat was never sent: it cost nothing.
			expect.objectContaining({ found: true, id: 'p-2002', creditsCharged: 0 }),
			{
				found: false,
				input: { firstName: 'No', lastName: 'Body', company: 'Unknown Ltd' },
				creditsCharged: 0,
			},
		]);
		expect(found[1].json.creditsCharged).toBeUndefined();
		expect(JSON.stringify(run.raw)).not.toContain('global-demo-key');
	});

	it("a used-up daily quota: the node reads the reset from the service's usage and names it", async () => {
		const global = e2e.sim.services.global;
		const before = global.calls.length;
		const saved = global.rateLimit;
		global.rateLimit = { perDay: 0 };
		const startedAt = Date.now();
		// n8n runs on the real clock: the usage names a reset 3 hours on, whatever the hour.
		const resetsAt = startedAt + 3 * 3_600_000;
		global.dailyResetAt = resetsAt;
		const run = await e2e.execute(enrichmentWorkflow.id).finally(() => {
			global.rateLimit = saved;
			global.dailyResetAt = undefined;
		});
		const endedAt = Date.now();

		expect(run.status).toBe('error');
		expect(run.nodesRun).toEqual(['Start', 'Contacts', 'One Item Per Contact', 'Enrich Contacts']);
		// The lookup is refused by the quota; the free usage call answers with the windows' resets.
		expect(global.calls.slice(before).map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
			'POST /v3/contacts/search-and-enrich 429',
			'GET /v3/account/usage 200',
		]);
		// The message names the reset the usage gave, in seconds from the moment the node read it,
		// somewhere between the start and the end of the run.
		const match =
			/^The enrichment service's daily request quota of 0 calls is used up \(HTTP 429\); it resets in (\d+) seconds/.exec(
				run.error?.message ?? '',
			);
		expect(match).not.toBeNull();
		const seconds = Number(match![1]);
		expect(seconds).toBeLessThanOrEqual(Math.ceil((resetsAt - startedAt) / 1000));
		expect(seconds).toBeGreaterThanOrEqual(Math.ceil((resetsAt - endedAt) / 1000));
		expect(JSON.stringify(run.raw)).not.toContain('global-demo-key');
	});

	it('runs the global example workflow (examples/enrichment-global-demo.json) as shipped', async () => {
		const run = await e2e.execute(globalDemo.id);
		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');
		expect(run.items('Enrich Contacts').map((json) => json.found)).toEqual([
			true,
			true,
			true,
			false,
		]);
		expect(run.items('Upsert Leads')).toHaveLength(4);
	});

	it('runs the anz example workflow (examples/enrichment-anz-demo.json) as shipped', async () => {
		const anz = e2e.sim.services.anz;
		const before = anz.calls.length;
		const run = await e2e.execute(anzDemo.id);
		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');
		// Marketing people in Australia in the demo data: Jane (NSW) and Tom (VIC).
		expect(run.items('Search Marketing People').map((json) => json.person_id)).toEqual([
			'fp0001',
			'fp0002',
		]);
		expect(
			run.items('Enrich People').map((json) => [json.found, json.name, json.workEmail]),
		).toEqual([
			[true, 'Jane Citizen', 'jane.citizen@southerncross.example.com.au'],
			[true, 'Tom Nguyen', 'tom.nguyen@kookaburra.example.com.au'],
		]);
		expect(
			run.items('Enrich Companies By ABN').map((json) => [json.found, json.name ?? json.input]),
		).toEqual([
			[true, 'Southern Cross Analytics Pty Ltd'],
			[true, 'Kookaburra Retail Group'],
			[false, { abn: '47065475149' }],
		]);
		// The nodes run one after another; each sends its items' calls side by side, so within a
		// node the service may see them in any order.
		const calls = anz.calls
			.slice(before)
			.map((call) => [call.method, call.path, call.query, call.body] as const);
		const expected = [
			[
				'POST',
				'/people/search',
				undefined,
				{ selectedCountry: 'AU', department: '11', from: 0, size: 10 },
			],
			['GET', '/people', 'ln_url=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fjane-citizen', undefined],
			['GET', '/people', 'ln_url=https%3A%2F%2Fwww.linkedin.com%2Fin%2Ftom-nguyen', undefined],
			['GET', '/company', 'abn=51824753556', undefined],
			['GET', '/company', 'abn=53004085616', undefined],
			['GET', '/company', 'abn=47065475149', undefined],
		];
		expect(calls.map(([method, route]) => `${method} ${route}`)).toEqual(
			expected.map(([method, route]) => `${method} ${route}`),
		);
		const byText = (list: ReadonlyArray<readonly unknown[]>) =>
			list.map((c) => JSON.stringify(c)).sort();
		expect(byText(calls)).toEqual(byText(expected));
	});
});
