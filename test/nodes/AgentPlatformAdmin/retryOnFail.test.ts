import { runWorkflow } from '../../harness';
import type { Simulator } from '../../simulator';
import { adminNode } from './helpers';
import { fastPolling, simCredentials, startRunsSimulator } from './runs';

/**
 * n8n's Retry On Fail runs the whole node again in the same execution: every run mode starts its
 * run once however often the node is tried (issue 46).
 */

const picked = (value: string) => ({ __rl: true, mode: 'list', value, cachedResultName: value });

const retried = (parameters: Record<string, unknown>) => ({
	...adminNode(parameters),
	retryOnFail: { maxTries: 3 },
});

describe('Agent Platform › runs under Retry On Fail', () => {
	let sim: Simulator;
	let execution = 0;
	beforeEach(async () => {
		fastPolling();
		sim = await startRunsSimulator();
	});
	afterEach(async () => {
		await sim.close();
	});

	const run = async (node: ReturnType<typeof retried>, target = sim) =>
		await runWorkflow({
			nodes: node,
			credentials: simCredentials(target),
			executionId: `retry-${++execution}`,
		});
	const triggers = (target: Simulator, suffix: string) =>
		target.services.admin.calls.filter((c) => c.path.endsWith(suffix));

	it('Tool → Run, Wait for Result: a 504 and two retries start the tool once and say where its result is', async () => {
		const limited = await startRunsSimulator({ syncLimitMs: 20 });
		try {
			const result = await run(
				retried({
					resource: 'tool',
					operation: 'run',
					toolId: picked('tool-report'),
					inputsJson: '{"market": "AU"}',
				}),
				limited,
			);
			expect(limited.services.admin.runs.started).toHaveLength(1);
			expect(triggers(limited, '/trigger_limited')).toHaveLength(1);
			expect(result.error?.message).toBe(
				'The tool run of this item was started by an earlier try of the node (Retry On Fail) and gave no result: The tool is still running on the platform: it took longer than the platform waits for a result (HTTP 504); it was not started again. It was not started again',
			);
			expect((result.error as { description?: string }).description).toContain(
				"Look for the run's result in the tool's run history in the platform",
			);
		} finally {
			await limited.close();
		}
	});

	it('Tool → Run, Wait for Result: a run refused by the platform is tried again', async () => {
		const result = await run(
			retried({ resource: 'tool', operation: 'run', toolId: picked('tool-missing') }),
		);
		// A 404 started nothing: each try asks again, and nothing runs.
		expect(triggers(sim, '/trigger_limited')).toHaveLength(3);
		expect(sim.services.admin.runs.started).toHaveLength(0);
		expect(result.error).toBeDefined();
	});

	it('Tool → Run, Start Job and Wait: a time limit and two retries follow the one job', async () => {
		sim.services.admin.runs.toolJobMs = 600_000;
		const result = await run(
			retried({
				resource: 'tool',
				operation: 'run',
				toolId: picked('tool-report'),
				runMode: 'job',
				inputsJson: '{"market": "AU"}',
				options: { timeLimit: 0 },
			}),
		);
		expect(triggers(sim, '/trigger_async')).toHaveLength(3);
		expect(new Set(triggers(sim, '/trigger_async').map((c) => JSON.stringify(c.body))).size).toBe(
			1,
		);
		expect(sim.services.admin.runs.started).toHaveLength(1);
		expect(result.error?.message).toMatch(/^The tool is still running after 0 s/);
	});

	it('Agent → Run, new conversation: retries name the conversation already started', async () => {
		sim.services.admin.runs.agentRunMs = 600_000;
		const result = await run(
			retried({
				resource: 'agent',
				operation: 'run',
				agentId: picked('agt-research'),
				message: 'Research acme.com',
				options: { timeLimit: 0 },
			}),
		);
		expect(triggers(sim, '/agents/trigger')).toHaveLength(3);
		expect(sim.services.admin.runs.started).toHaveLength(1);
		expect(result.error?.message).toMatch(/^The agent is still running after 0 s/);
	});

	it('Agent → Run, existing conversation: retries follow the message sent, not send it again', async () => {
		const first = await run(
			retried({
				resource: 'agent',
				operation: 'run',
				agentId: picked('agt-research'),
				message: 'Research acme.com',
			}),
		);
		const conversation = first.json()[0].conversation_id as string;
		sim.services.admin.runs.agentRunMs = 600_000;
		const result = await run(
			retried({
				resource: 'agent',
				operation: 'run',
				agentId: picked('agt-research'),
				message: 'And their competitors?',
				options: { conversationId: conversation, timeLimit: 0 },
			}),
		);
		expect(triggers(sim, '/agents/trigger')).toHaveLength(2);
		expect(sim.services.admin.runs.started).toHaveLength(2);
		expect(result.error?.message).toBe(
			`The agent is still running after 0 s (conversation ${conversation}, state 'running'); it was not started again`,
		);
	});
});
