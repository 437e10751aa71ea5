/**
 * The marketing node in a real n8n, installed from the packed tarball, against the simulator:
 * 1,000 leads are upserted, added to a list, run through a trigger campaign, and the list is read
 * back. Also runs the importable demo workflow from examples/.
 */
import marketingDemo from '../../examples/marketing-demo.json';
import { DEMO_CLIENT } from '../simulator/marketing';
import { startE2e, type E2e } from './runner';
import marketingWorkflow from './workflows/marketing.json';

/**
 * n8n's own HTTP Request node set to this package's credential (Predefined Credential Type), as a
 * workflow saved before the credential lost `authenticate` has it. The editor no longer offers it.
 */
function httpRequestWorkflow(simUrl: string) {
	return {
		id: 'e2eMktHttpNodeWf01',
		name: 'Marketing credential in the HTTP Request node',
		active: false,
		nodes: [
			{
				id: '7d1f0c52-0d6e-4a51-9f3c-000000000000',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: '7d1f0c52-0d6e-4a51-9f3c-000000000001',
				name: 'HTTP Request',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [200, 0],
				parameters: {
					method: 'GET',
					url: `${simUrl}/rest/v1/lists.json`,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'marketingAutomationApi',
					options: {},
				},
				credentials: { marketingAutomationApi: { id: 'e2eHttpNodeCred01', name: 'E2E http' } },
			},
		],
		connections: { Start: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

describe('marketing node in n8n (e2e)', () => {
	let e2e: E2e;
	const credential = (id: string) => ({
		id,
		name: `E2E ${id}`,
		type: 'marketingAutomationApi',
		// Only what a user types in; the token lives in the n8n process, not in the credential.
		data: {
			restEndpoint: `${e2e.sim.url}/rest/`,
			clientId: DEMO_CLIENT.clientId,
			clientSecret: DEMO_CLIENT.clientSecret,
		},
	});

	beforeAll(async () => {
		e2e = await startE2e({ shared: true });
		await e2e.importCredentials([
			credential('e2eMarketingCred01'),
			credential('demoMarketingCred01'),
			credential('e2eHttpNodeCred01'),
		]);
		await e2e.importWorkflow([marketingWorkflow, marketingDemo, httpRequestWorkflow(e2e.sim.url)]);
	});

	afterAll(async () => {
		await e2e?.stop();
	});

	it('upserts 1,000 leads, adds them to a list, triggers a campaign for them and reads the list back', async () => {
		const sim = e2e.sim.services.marketing;
		sim.resetCounters();
		const triggeredBefore = sim.triggered.length;

		const run = await e2e.execute(marketingWorkflow.id);

		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');
		expect(run.nodesRun).toEqual([
			'Start',
			'Make Leads',
			'One Item Per Lead',
			'Upsert Leads',
			'Add To List',
			'Trigger Campaign',
			'Read List Back',
		]);
		const upserted = run.fullItems('Upsert Leads');
		expect(upserted).toHaveLength(1000);
		expect(upserted[0]).toMatchObject({
			json: { status: 'created', email: 'e2e1@example.org' },
			pairedItem: { item: 0 },
		});
		expect(upserted[999]).toMatchObject({
			json: { status: 'created', email: 'e2e1000@example.org' },
			pairedItem: { item: 999 },
		});
		const added = run.items('Add To List');
		expect(added).toHaveLength(1000);
		expect(added.every((item) => item.added === 1)).toBe(true);
		expect(run.items('Trigger Campaign')).toHaveLength(1000);
		const members = run.items('Read List Back');
		expect(members).toHaveLength(1000);
		expect(new Set(members.map((m) => m.email)).size).toBe(1000);

		// Batches of 300 go out side by side: the service may see the short one before the others.
		expect(
			sim
				.callsTo('POST', '/rest/v1/leads.json')
				.map((c) => (c.body as { input: unknown[] }).input.length)
				.sort((a, b) => b - a),
		).toEqual([300, 300, 300, 100]);
		expect(sim.callsTo('POST', '/rest/v1/lists/1003/leads.json')).toHaveLength(4);
		const triggers = sim.callsTo('POST', '/rest/v1/campaigns/2001/trigger.json');
		expect(triggers).toHaveLength(10);
		expect(triggers[0].body).toMatchObject({
			input: { tokens: [{ name: '{{my.offer}}', value: 'Welcome pack' }] },
		});
		expect(sim.triggered.length - triggeredBefore).toBe(10);
		expect(sim.callsTo('GET', '/rest/v1/lists/1003/leads.json')).toHaveLength(4);
		expect(sim.rejections()).toBe(0);
		// One token for the whole run, fetched once, sent only as a header.
		expect(sim.identityCalls).toHaveLength(1);
		expect(sim.identityCalls[0].query).toEqual({});
		expect(new Set(sim.calls.map((c) => c.authorization)).size).toBe(1);
		expect(sim.calls.every((c) => !('access_token' in c.query))).toBe(true);
	});

	it('runs the importable demo workflow twice in one n8n: one token for both runs, asked at most once', async () => {
		const sim = e2e.sim.services.marketing;
		sim.resetCounters();
		const first = await e2e.execute(marketingDemo.id);
		expect(first.error).toBeUndefined();
		expect(first.items('Upsert Leads')).toHaveLength(5);
		const firstCalls = sim.calls.map((c) => c.authorization);
		const second = await e2e.execute(marketingDemo.id);
		expect(second.status).toBe('success');
		expect(second.items('Upsert Leads').map((i) => i.status)).toEqual([
			'updated',
			'updated',
			'updated',
			'updated',
			'updated',
		]);
		// The process keeps the token between executions (the first test's token still serves,
		// so identity may not be asked at all): never once per execution.
		expect(sim.identityCalls.length).toBeLessThanOrEqual(1);
		expect(firstCalls.length).toBeGreaterThan(0);
		expect(new Set(sim.calls.map((c) => c.authorization))).toEqual(new Set([firstCalls[0]]));
	});

	it('lends no token to the HTTP Request node: without authenticate the call goes unsigned', async () => {
		const sim = e2e.sim.services.marketing;
		sim.resetCounters();
		const run = await e2e.execute('e2eMktHttpNodeWf01');
		expect(run.error).toBeUndefined();
		expect(run.items('HTTP Request')[0]).toMatchObject({ success: false });
		expect(sim.identityCalls).toHaveLength(0);
		expect(sim.calls).toHaveLength(1);
		expect(sim.calls[0].authorization).toBeUndefined();
	});
});
