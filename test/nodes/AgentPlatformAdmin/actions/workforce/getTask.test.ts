import type { Simulator } from '../../../../simulator';
import { fastPolling } from '../../runs';
import { picked, runOn, startWorkSimulator, workCalls } from '../../work';

describe('Agent Platform › Workforce › Get Task', () => {
	let sim: Simulator;
	beforeEach(async () => {
		fastPolling();
		sim = await startWorkSimulator();
	});
	afterEach(async () => {
		await sim.close();
	});

	const started = async () => {
		const run = await runOn(sim, {
			resource: 'workforce',
			operation: 'run',
			workforceId: picked('wf-outreach'),
			message: 'Plan the outreach',
		});
		sim.services.agentWork.calls.length = 0;
		return run.json()[0].workforce_task_id as string;
	};

	it('reads the state, the result and the messages, oldest first', async () => {
		const taskId = await started();
		const result = await runOn(sim, {
			resource: 'workforce',
			operation: 'getTask',
			workforceId: picked('wf-outreach'),
			taskId,
		});
		expect(workCalls(sim)).toEqual([
			['GET', `/latest/workforce/tasks/${taskId}/metadata`, undefined],
			['POST', `/latest/workforce/items/wf-outreach/tasks/${taskId}/messages`, { page_size: 1000 }],
		]);
		const json = result.json()[0];
		expect(json).toMatchObject({
			workforce_id: 'wf-outreach',
			workforce_task_id: taskId,
			state: 'completed',
			finished: true,
			result: 'Answer to: Plan the outreach',
		});
		expect((json.messages as Array<Record<string, unknown>>).map((m) => [m.type, m.text])).toEqual([
			['user-message', 'Plan the outreach'],
			['workforce-agent-run', undefined],
			['agent-message', 'Answer to: Plan the outreach'],
		]);
	});

	it('without Simplify returns the platform’s messages as it sends them', async () => {
		const taskId = await started();
		const result = await runOn(sim, {
			resource: 'workforce',
			operation: 'getTask',
			workforceId: picked('wf-outreach'),
			taskId,
			simplify: false,
		});
		const messages = result.json()[0].messages as Array<{ content: { type: string } }>;
		expect(messages[0].content.type).toBe('agent-message');
		expect(messages).toHaveLength(3);
	});

	it('a running task: its state, no result and no messages read', async () => {
		sim.services.agentWork.workforceRunMs = 600_000;
		const run = await runOn(sim, {
			resource: 'workforce',
			operation: 'run',
			workforceId: picked('wf-outreach'),
			message: 'Long one',
			options: { waitForResult: false },
		});
		const taskId = run.json()[0].workforce_task_id as string;
		const result = await runOn(sim, {
			resource: 'workforce',
			operation: 'getTask',
			workforceId: picked('wf-outreach'),
			taskId,
		});
		expect(result.json()).toEqual([
			{
				workforce_id: 'wf-outreach',
				workforce_task_id: taskId,
				state: 'running',
				finished: false,
				title: 'Long one',
				result: null,
				messages: [],
			},
		]);
	});

	it('refuses an empty task ID before any call', async () => {
		const result = await runOn(sim, {
			resource: 'workforce',
			operation: 'getTask',
			workforceId: picked('wf-outreach'),
			taskId: '={{ $json.missing }}',
		});
		expect(result.error?.message).toMatch(/Task ID/);
		expect(sim.services.agentWork.calls).toEqual([]);
	});
});
