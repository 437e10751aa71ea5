import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { timing } from '../../../../../nodes/AgentPlatformAdmin/transport/timing';
import { runWorkflow } from '../../../../harness';
import type { Simulator } from '../../../../simulator';
import { adminNode, recordCalls, runAdmin, US_BASE } from '../../helpers';
import { callsSince, fastPolling, simCredentials, startRunsSimulator } from '../../runs';
import { TOOL_RUN_MAY_HAVE_RUN } from '../../messages';

const tool = (value: string) => ({ __rl: true, mode: 'list', value, cachedResultName: value });

const toolNode = (parameters: Record<string, unknown>, continueOnFail = false) =>
	adminNode({ resource: 'tool', operation: 'run', ...parameters }, continueOnFail);

describe('Agent Platform › Tool › Run', () => {
	let sim: Simulator;
	beforeEach(async () => {
		fastPolling();
		sim = await startRunsSimulator();
	});
	afterEach(async () => {
		await sim.close();
	});

	const run = async (
		node: ReturnType<typeof adminNode> & { typeVersion?: number },
		items?: IDataObject[],
	) => await runWorkflow({ nodes: node, items, credentials: simCredentials(sim) });

	it('runs a short tool with JSON inputs in one call and returns its output', async () => {
		const result = await run(
			toolNode({ toolId: tool('tool-enrich'), inputsJson: '{"domain": "acme.com"}' }),
		);
		expect(result.error).toBeUndefined();
		expect(sim.services.admin.calls.map((c) => [c.method, c.path, c.body])).toEqual([
			[
				'POST',
				'/latest/studios/tool-enrich/trigger_limited',
				{ params: { domain: 'acme.com' }, project: 'proj-demo' },
			],
		]);
		expect(result.output()).toEqual([
			{
				json: {
					tool_id: 'tool-enrich',
					output: { domain: 'acme.com', answer: 'Enrich company ran with 1 inputs' },
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('takes the inputs from the fields of the tool’s input schema', async () => {
		const result = await run(
			toolNode({
				toolId: tool('tool-enrich'),
				inputMode: 'fields',
				inputFields: {
					mappingMode: 'defineBelow',
					value: { domain: 'acme.com', employees: 40 },
					schema: [],
				},
			}),
		);
		expect(sim.services.admin.calls[0].body).toEqual({
			params: { domain: 'acme.com', employees: 40 },
			project: 'proj-demo',
		});
		expect(result.json()[0].output).toEqual({
			domain: 'acme.com',
			employees: 40,
			answer: 'Enrich company ran with 2 inputs',
		});
	});

	it('version 2.1 takes a picked tool’s input fields without Inputs being set', async () => {
		const result = await run({
			...toolNode({
				toolId: tool('tool-enrich'),
				inputFields: { mappingMode: 'defineBelow', value: { domain: 'acme.com' }, schema: [] },
			}),
			typeVersion: 2.1,
		});
		expect(result.error).toBeUndefined();
		expect(sim.services.admin.calls[0].body).toEqual({
			params: { domain: 'acme.com' },
			project: 'proj-demo',
		});
	});

	it('version 2 keeps JSON inputs as the default for saved workflows', async () => {
		const result = await run({
			...toolNode({ toolId: tool('tool-enrich'), inputsJson: '{"domain": "json.example"}' }),
			typeVersion: 2,
		});
		expect(result.error).toBeUndefined();
		expect(sim.services.admin.calls[0].body).toEqual({
			params: { domain: 'json.example' },
			project: 'proj-demo',
		});
	});

	it('20 items: every output in input order with its pairedItem, each run once', async () => {
		const items = Array.from({ length: 20 }, (_, i) => ({ domain: `company-${i}.com` }));
		const result = await run(
			toolNode({
				toolId: tool('tool-enrich'),
				inputsJson: '={{ { "domain": $json.domain } }}',
				options: { runsInFlight: 4 },
			}),
			items,
		);
		expect(result.error).toBeUndefined();
		expect(
			result.output().map((o) => [(o.json.output as { domain: string }).domain, o.pairedItem]),
		).toEqual(items.map((item, i) => [item.domain, { item: i }]));
		expect(sim.services.admin.runs.started).toHaveLength(20);
	});

	it('starts a long tool as a job, polls it until complete, and returns the job output', async () => {
		const result = await run(
			toolNode({ toolId: tool('tool-report'), runMode: 'job', inputsJson: '{"market": "AU"}' }),
		);
		expect(result.error).toBeUndefined();
		const jobId = result.json()[0].job_id as string;
		const calls = callsSince(sim, 0);
		expect(calls[0]).toBe('POST /latest/studios/tool-report/trigger_async');
		expect(
			calls.slice(1).every((c) => c === `GET /latest/studios/tool-report/async_poll/${jobId}`),
		).toBe(true);
		expect(sim.services.admin.calls.map((c) => c.path)).not.toContain(
			'/latest/studios/tool-report/trigger_limited',
		);
		expect(result.json()).toEqual([
			{
				tool_id: 'tool-report',
				job_id: jobId,
				output: { market: 'AU', answer: 'Market report ran with 1 inputs' },
			},
		]);
	});

	it('names the job by execution, node and item, so a job sent again is the job already started', async () => {
		const again = async () =>
			await runWorkflow({
				nodes: toolNode({
					toolId: tool('tool-report'),
					runMode: 'job',
					inputsJson: '{"market": "AU"}',
				}),
				credentials: simCredentials(sim),
				executionId: '4711',
			});
		const first = await again();
		const second = await again();
		const triggers = sim.services.admin.calls.filter((c) => c.path.endsWith('/trigger_async'));
		expect(triggers.map((c) => c.body)).toEqual([
			{ params: { market: 'AU' }, project: 'proj-demo', job_id: 'n8n-4711-node-0-0-0' },
			{ params: { market: 'AU' }, project: 'proj-demo', job_id: 'n8n-4711-node-0-0-0' },
		]);
		expect(sim.services.admin.runs.started).toHaveLength(1);
		expect(second.json()).toEqual(first.json());
	});

	it('takes the platform’s timeout as a final state: no more polling, and says the job has no result', async () => {
		sim.services.admin.runs.toolRuns.tools.push({
			studio_id: 'tool-expiring',
			title: 'Expiring job',
			project: 'proj-demo',
			params_schema: { properties: {} },
			behaviour: 'expires',
		});
		const result = await run(toolNode({ toolId: tool('tool-expiring'), runMode: 'job' }));
		expect(result.error?.message).toMatch(
			/^The platform stopped the tool job at its run-time limit \(job .+ of tool tool-expiring\); it has no result$/,
		);
		const polls = callsSince(sim, 0).filter((c) => c.includes('/async_poll/'));
		const last = sim.services.admin.calls.filter((c) => c.path.includes('/async_poll/')).at(-1);
		expect(last?.status).toBe(200);
		expect(polls.length).toBeGreaterThan(0);
		// The answer after the final state is the last read: nothing is polled once it came.
		expect(sim.services.admin.calls.at(-1)?.path).toContain('/async_poll/');
	});

	it('says a sync run past the platform’s sync limit (504) runs on, and points to Start Job and Wait', async () => {
		const limited = await startRunsSimulator({ syncLimitMs: 20 });
		try {
			const result = await runWorkflow({
				nodes: toolNode({ toolId: tool('tool-report'), inputsJson: '{"market": "AU"}' }),
				credentials: simCredentials(limited),
			});
			expect(result.error?.message).toBe(
				'The tool is still running on the platform: it took longer than the platform waits for a result (HTTP 504); it was not started again',
			);
			expect((result.error as { description?: string }).description).toContain(
				'set Run Mode to Start Job and Wait (Long Tools)',
			);
			expect(limited.services.admin.runs.started).toHaveLength(1);
		} finally {
			await limited.close();
		}
	});

	it('jobs queue over the plan’s concurrency and still all finish', async () => {
		sim.services.admin.runs.concurrencyLimit = 1;
		// The three are sent together, but a busy machine can spread them past a run's 80 ms.
		sim.services.admin.runs.holdUntilQueued = 3;
		const items = Array.from({ length: 4 }, (_, i) => ({ market: `M${i}` }));
		const result = await run(
			toolNode({
				toolId: tool('tool-report'),
				runMode: 'job',
				inputsJson: '={{ { "market": $json.market } }}',
				options: { runsInFlight: 3 },
			}),
			items,
		);
		expect(result.error).toBeUndefined();
		expect(result.json().map((o) => (o.output as { market: string }).market)).toEqual([
			'M0',
			'M1',
			'M2',
			'M3',
		]);
		expect(sim.services.admin.runs.peakUnfinished).toBe(3);
	});

	it('says a job is still running at the time limit and does not start it again', async () => {
		sim.services.admin.runs.toolJobMs = 600_000;
		const result = await run(
			toolNode({
				toolId: tool('tool-report'),
				runMode: 'job',
				inputsJson: '{"market": "AU"}',
				options: { timeLimit: 0 },
			}),
		);
		const jobId = [...sim.services.admin.runs.jobs.keys()][0];
		expect(result.error?.message).toBe(
			`The tool is still running after 0 s (job ${jobId} of tool tool-report); it was not started again`,
		);
		expect(sim.services.admin.runs.started).toHaveLength(1);
	});

	it("surfaces the platform's own error text of a failed run, sync and as a job", async () => {
		const now = await run(toolNode({ toolId: tool('tool-crm-sync'), inputsJson: '{}' }));
		expect(now.error?.message).toBe(
			'The tool run failed: Step api_step failed: the upstream API answered 401 Unauthorized.',
		);
		const job = await run(
			toolNode({ toolId: tool('tool-report'), runMode: 'job', inputsJson: '{}' }),
		);
		expect(job.error?.message).toBe('The tool run failed: Missing required params: market');
		expect(sim.services.admin.runs.started).toHaveLength(2);
	});

	it('refuses inputs that are not a JSON object before any call', async () => {
		const broken = await run(toolNode({ toolId: tool('tool-enrich'), inputsJson: '{"domain": ' }));
		expect(broken.error?.message).toMatch(/^The 'Inputs' field of item 0 is not valid JSON: /);
		const list = await run(toolNode({ toolId: tool('tool-enrich'), inputsJson: '[1]' }));
		expect(list.error?.message).toBe("The 'Inputs' field of item 0 is not a JSON object");
		expect(sim.services.admin.calls).toHaveLength(0);
	});

	const runAsTool = async (parameters: Record<string, unknown>, args: IDataObject) =>
		await runWorkflow({
			nodes: {
				type: 'agentPlatformAdminTool',
				credentialTypes: ['agentPlatformApi'],
				parameters: {
					resource: 'tool',
					operation: 'run',
					toolId: tool('tool-enrich'),
					...parameters,
				} as never,
			},
			items: [{ chatInput: 'Enrich acme', sessionId: 's-1', toolCallId: 'c1', ...args }],
			credentials: simCredentials(sim),
		});

	it('as an AI agent’s tool: tells the model to add the input to its JSON inputs argument and call again', async () => {
		const result = await runAsTool(
			{ inputsJson: "={{ $fromAI('inputs', 'The tool inputs as JSON', 'json') }}" },
			{ inputs: { employees: 40 } },
		);
		expect(result.error?.message).toBe(
			"The tool run failed: Missing required params: domain. Add the argument 'inputs.domain' and call this tool again.",
		);
	});

	it('as an AI agent’s tool: names the input field the model fills when the inputs are fields', async () => {
		const result = await runAsTool(
			{
				inputMode: 'fields',
				inputFields: {
					mappingMode: 'defineBelow',
					value: { domain: "={{ $fromAI('domain', 'Company domain', 'string') }}" },
					schema: [],
				},
			},
			{ domain: '' },
		);
		expect(result.error?.message).toBe(
			"The tool run failed: Missing required params: domain. Add the argument 'domain' and call this tool again.",
		);
	});

	it('as an AI agent’s tool: inputs fixed in the node are the user’s to fix: stop and tell the user', async () => {
		const result = await runAsTool({ inputsJson: '{"employees": 40}' }, {});
		expect(result.error?.message).toMatch(
			/^The tool run failed: Missing required params: domain\. Do not retry: stop and tell the user/,
		);
	});
});

describe('Agent Platform › Tool › Run, when the platform fails', () => {
	beforeEach(() => fastPolling());
	afterEach(() => nock.cleanAll());

	it('never runs a tool twice: no answer in time says the run may have happened', async () => {
		jest.replaceProperty(timing, 'timeoutMs', 300);
		const calls: string[] = [];
		nock(US_BASE)
			.post('/latest/studios/tool-enrich/trigger_limited')
			.delay(2000)
			.reply(200, { output: {} })
			.post('/latest/studios/tool-enrich/trigger_limited')
			.reply(() => {
				calls.push('second trigger');
				return [200, { output: {} }];
			});
		const result = await runAdmin(
			toolNode({ toolId: tool('tool-enrich'), inputsJson: '{"domain": "acme.com"}' }),
		);
		expect(calls).toEqual([]);
		expect(result.error?.message).toBe(TOOL_RUN_MAY_HAVE_RUN('no answer within 0.3 s'));
	});

	it('retries the job poll (safe to read twice) but never the start', async () => {
		let polls = 0;
		const calls = recordCalls(US_BASE, (call) => {
			if (call.path.endsWith('/trigger_async')) return [200, { job_id: 'job-1' }];
			polls++;
			return polls < 3
				? [503, { message: 'Busy' }]
				: [200, { type: 'complete', updates: [{ output: { output: { ok: true }, errors: [] } }] }];
		});
		const result = await runAdmin(
			toolNode({ toolId: tool('tool-report'), runMode: 'job', inputsJson: '{}' }),
		);
		expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
			'POST /latest/studios/tool-report/trigger_async',
			'GET /latest/studios/tool-report/async_poll/job-1?ending_update_only=true',
			'GET /latest/studios/tool-report/async_poll/job-1?ending_update_only=true',
			'GET /latest/studios/tool-report/async_poll/job-1?ending_update_only=true',
		]);
		expect(result.json()).toEqual([
			{ tool_id: 'tool-report', job_id: 'job-1', output: { ok: true } },
		]);
	});
});
