import { runWorkflow } from '../harness';
import { DEMO_CLIENT } from '../simulator/marketing';
import { GLOBAL_KEY, withSimulator } from '../harness/enrichment';
import { fastTransport } from './MarketingAutomation/helpers';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

/** The chain users build: enrich contacts in bulk, then upsert them as marketing leads. */
const LEAD_FIELDS = {
	field: [
		{ name: 'email', value: '={{ $json.email ?? $json.input.email }}' },
		{ name: 'firstName', value: '={{ $json.firstName }}' },
		{ name: 'lastName', value: '={{ $json.lastName }}' },
		{ name: 'company', value: '={{ $json.companyName }}' },
		{ name: 'title', value: '={{ $json.jobTitle }}' },
	],
};

describe('Global Enrichment → Marketing Automation lead upsert (engine)', () => {
	const ctx = withSimulator();
	beforeEach(() => {
		fastTransport({ retries: 2, baseDelayMs: 5, maxDelayMs: 20 });
	});
	afterEach(() => jest.restoreAllMocks());

	it('enriches three contacts in one bulk call and upserts them as leads, one item each', async () => {
		const result = await runWorkflow({
			nodes: [
				{
					name: 'Enrich Contacts',
					type: 'globalEnrichment',
					credentialTypes: ['globalEnrichmentApi'],
					parameters: {
						resource: 'contact',
						operation: 'enrich',
						identifyBy: 'email',
						email: '={{ $json.email }}',
					},
				},
				{
					name: 'Upsert Leads',
					type: 'marketingAutomation',
					credentialTypes: ['marketingAutomationApi'],
					parameters: {
						resource: 'lead',
						operation: 'createOrUpdate',
						syncAction: 'createOrUpdate',
						lookupField: 'email',
						dataMode: 'define',
						leadFields: LEAD_FIELDS,
						additionalFields: {},
					},
				},
			],
			items: [
				{ email: 'ana.silva@northwind.example.com' },
				{ email: 'unknown.person@example.org' },
				{ email: 'mia@fabrikam.example.com.au' },
			],
			credentials: {
				globalEnrichmentApi: { baseUrl: `${ctx.sim.url}/global`, apiKey: GLOBAL_KEY },
				marketingAutomationApi: {
					restEndpoint: `${ctx.sim.url}/rest`,
					clientId: DEMO_CLIENT.clientId,
					clientSecret: DEMO_CLIENT.clientSecret,
					accessToken: '',
					expiresAt: 0,
					issuedFor: '',
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => c.path)).toEqual(['/person/bulk']);
		const upserts = ctx.sim.services.marketing.calls.filter(
			(c) => c.path === '/rest/v1/leads.json',
		);
		expect(upserts.map((c) => c.body)).toEqual([
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
					{ email: 'unknown.person@example.org' },
					{
						email: 'mia@fabrikam.example.com.au',
						firstName: 'Mia',
						lastName: 'Taylor',
						company: 'Fabrikam Pty Ltd',
						title: 'Marketing Manager',
					},
				],
			},
		]);
		expect(
			result
				.output('Upsert Leads')
				.map((item) => [item.json.status, item.json.email, item.pairedItem]),
		).toEqual([
			['created', 'ana.silva@northwind.example.com', { item: 0 }],
			['created', 'unknown.person@example.org', { item: 1 }],
			['created', 'mia@fabrikam.example.com.au', { item: 2 }],
		]);
	});
});
