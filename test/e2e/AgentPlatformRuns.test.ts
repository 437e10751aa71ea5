/**
 * Agent and tool runs in a real n8n, installed from the packed tarball, against the simulator's
 * agents (a few seconds each, a thought before the answer) and tools (one sync, one job): two
 * questions go to an agent, each answer feeds a tool, and each tool's output starts a long job.
 * Then the lead example runs with its trigger swapped for a fixed new lead.
 */
import leadAgentDemo from '../../examples/lead-agent-demo.json';
import runsWorkflow from './workflows/runs.json';
import { demoCredential, startE2e, type E2e } from './runner';

/** The lead example with its trigger replaced by a manual start and one fixed new-lead item. */
function leadExampleWithFixedLead() {
	const copy = JSON.parse(JSON.stringify(leadAgentDemo)) as typeof leadAgentDemo;
	copy.id = 'e2eLeadAgentWf01';
	const trigger = copy.nodes.find((node) => node.name === 'New Lead')!;
	Object.assign(trigger, {
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		parameters: {
			mode: 'manual',
			assignments: {
				assignments: [
					{ id: 'l1', name: 'leadId', value: 3, type: 'number' },
					{ id: 'l2', name: 'activityDate', value: '2026-11-25T10:00:00Z', type: 'string' },
				],
			},
			options: {},
		},
	});
	delete (trigger as { credentials?: unknown }).credentials;
	copy.nodes.push({
		id: 'e2e-lead-start',
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 320],
		parameters: {},
	} as never);
	(copy.connections as Record<string, unknown>).Start = {
		main: [[{ node: 'New Lead', type: 'main', index: 0 }]],
	};
	return copy;
}

/**
 * One agent run slower than its time limit, under n8n's Retry On Fail (3 tries): each try ends at
 * the time limit, so n8n sends the run three times in one execution.
 */
const retryWorkflow = {
	id: 'e2eRunsRetryWf01',
	name: 'E2E agent run under Retry On Fail',
	active: false,
	settings: {},
	connections: { Start: { main: [[{ node: 'Slow Agent', type: 'main', index: 0 }]] } },
	nodes: [
		{
			id: 'e2e-retry-start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'e2e-retry-agent',
			name: 'Slow Agent',
			type: 'n8n-nodes-agent-platform.agentPlatformAdmin',
			typeVersion: 2,
			position: [200, 0],
			retryOnFail: true,
			maxTries: 3,
			waitBetweenTries: 0,
			parameters: {
				resource: 'agent',
				operation: 'run',
				agentId: { __rl: true, mode: 'id', value: 'agt-research' },
				message: 'SLOW research of acme.com',
				options: { timeLimit: 1 },
			},
			credentials: { agentPlatformApi: { id: 'e2eRunsCred00001', name: 'E2E runs' } },
		},
	],
};

/** The install and n8n's start can take minutes on a busy machine; no test here is timed. */
const MACHINE_BUSY_MS = 600_000;

describe('agent and tool runs in n8n (e2e)', () => {
	let e2e: E2e;

	beforeAll(async () => {
		e2e = await startE2e({ shared: true });
		const adminData = { region: 'custom', baseUrl: e2e.sim.url, projectId: 'proj-demo' };
		await e2e.importCredentials([
			{
				id: 'e2eRunsCred00001',
				name: 'E2E runs',
				type: 'agentPlatformApi',
				data: { ...adminData, apiKey: 'sk-demo-member' },
			},
			{
				id: 'demoAdminCred001',
				name: 'Agent platform admin (simulator)',
				type: 'agentPlatformApi',
				data: { ...adminData, apiKey: 'sk-demo-admin' },
			},
			demoCredential('marketingAutomationApi', e2e.sim.url),
		]);
		await e2e.importWorkflow([runsWorkflow, leadExampleWithFixedLead(), retryWorkflow]);
	}, MACHINE_BUSY_MS);

	afterAll(async () => {
		await e2e?.stop();
	});

	it(
		'runs an agent for each item, then a tool with its answer, then a long tool job',
		async () => {
			const runs = e2e.sim.services.admin.runs;
			const run = await e2e.execute(runsWorkflow.id);

			expect(run.error).toBeUndefined();
			expect(run.status).toBe('success');
			expect(run.nodesRun).toEqual([
				'Start',
				'Two Questions',
				'One Item Each',
				'Run Agent',
				'Run Tool',
				'Run Tool Job',
			]);
			expect(run.fullItems('Run Agent')).toEqual([
				{
					json: {
						agent_id: 'agt-research',
						conversation_id: expect.any(String),
						state: 'idle',
						finished: true,
						title: 'Research acme.com',
						reply: 'Answer to: Research acme.com',
					},
					pairedItem: { item: 0 },
				},
				{
					json: {
						agent_id: 'agt-research',
						conversation_id: expect.any(String),
						state: 'idle',
						finished: true,
						title: 'Research globex.com',
						reply: 'Answer to: Research globex.com',
					},
					pairedItem: { item: 1 },
				},
			]);
			expect(run.items('Run Tool')).toEqual([
				{
					tool_id: 'tool-enrich',
					output: { domain: 'acme.com', answer: 'Enrich company ran with 1 inputs' },
				},
				{
					tool_id: 'tool-enrich',
					output: { domain: 'globex.com', answer: 'Enrich company ran with 1 inputs' },
				},
			]);
			expect(run.items('Run Tool Job')).toEqual([
				{
					tool_id: 'tool-report',
					job_id: expect.any(String),
					output: { market: 'acme.com', answer: 'Market report ran with 1 inputs' },
				},
				{
					tool_id: 'tool-report',
					job_id: expect.any(String),
					output: { market: 'globex.com', answer: 'Market report ran with 1 inputs' },
				},
			]);
			// Each input item started exactly one run: two agent runs, two tool runs, two jobs.
			expect(runs.started.map((r) => r.kind)).toEqual([
				'agent',
				'agent',
				'tool',
				'tool',
				'tool',
				'tool',
			]);
		},
		MACHINE_BUSY_MS,
	);

	it(
		"the lead example sends a new lead to the agent and writes the agent's answer to the lead",
		async () => {
			const run = await e2e.execute('e2eLeadAgentWf01');
			expect(run.error).toBeUndefined();
			expect(run.items('Research Lead')).toEqual([
				expect.objectContaining({
					state: 'idle',
					reply:
						'Answer to: A new lead signed up (lead 3, 2026-11-25T10:00:00Z). Research them and write a two-sentence note for the sales team.',
				}),
			]);
			expect(run.items('Write Answer Back')).toEqual([
				expect.objectContaining({ id: 3, status: 'updated' }),
			]);
			const lead = e2e.sim.services.marketing.leads.get(3) as Record<string, unknown>;
			expect(lead.leadNotes).toBe(
				'Answer to: A new lead signed up (lead 3, 2026-11-25T10:00:00Z). Research them and write a two-sentence note for the sales team.',
			);
		},
		MACHINE_BUSY_MS,
	);

	it(
		'starts one agent run under Retry On Fail: every try names the same conversation',
		async () => {
			const runs = e2e.sim.services.admin.runs;
			const startedBefore = runs.started.length;
			const callsBefore = e2e.sim.services.admin.calls.length;
			const run = await e2e.execute(retryWorkflow.id);
			expect(run.status).toBe('error');
			const triggers = e2e.sim.services.admin.calls
				.slice(callsBefore)
				.filter((call) => call.path === '/latest/agents/trigger');
			expect(triggers).toHaveLength(3);
			const ids = triggers.map((call) => (call.body as { external_id?: string }).external_id);
			expect(ids[0]).toMatch(/^n8n-\d+-e2e-retry-agent-0-0$/);
			expect(new Set(ids).size).toBe(1);
			expect(runs.started.length - startedBefore).toBe(1);
		},
		MACHINE_BUSY_MS,
	);
});
