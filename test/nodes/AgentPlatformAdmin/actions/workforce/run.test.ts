import { sleep } from 'n8n-workflow';

import type { Simulator } from '../../../../simulator';
import { fastPolling } from '../../runs';
import { picked, runOn, startWorkSimulator, workCalls } from '../../work';

describe('Agent Platform › Workforce › Run', () => {
	let sim: Simulator;
	beforeEach(async () => {
		fastPolling();
		sim = await startWorkSimulator();
	});
	afterEach(async () => {
		await sim.close();
	});

	const runNode = (extra: Record<string, unknown> = {}) => ({
		resource: 'workforce',
		operation: 'run',
		workforceId: picked('wf-outreach'),
		message: 'Plan the outreach',
		...extra,
	});

	it('sends the message, waits for the task and returns the result of its last agent', async () => {
		const result = await runOn(sim, runNode());
		expect(result.error).toBeUndefined();
		const calls = workCalls(sim);
		const taskId = result.json()[0].workforce_task_id as string;
		expect(calls[0]).toEqual([
			'POST',
			'/latest/workforce/trigger',
			{
				workforce_id: 'wf-outreach',
				trigger: { message: { role: 'user', content: 'Plan the outreach', attachments: [] } },
			},
		]);
		expect(
			calls
				.slice(1, -1)
				.every(([m, p]) => m === 'GET' && p === `/latest/workforce/tasks/${taskId}/metadata`),
		).toBe(true);
		expect(calls.at(-1)).toEqual([
			'POST',
			`/latest/workforce/items/wf-outreach/tasks/${taskId}/messages`,
			{ page_size: 1000 },
		]);
		expect(result.output()).toEqual([
			{
				json: {
					workforce_id: 'wf-outreach',
					workforce_task_id: taskId,
					state: 'completed',
					finished: true,
					title: 'Plan the outreach',
					result: 'Answer to: Plan the outreach',
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('continues a task with Continue Task ID, and returns at once without Wait for Result', async () => {
		const first = await runOn(sim, runNode({ options: { waitForResult: false } }));
		const taskId = first.json()[0].workforce_task_id as string;
		expect(first.json()).toEqual([{ workforce_id: 'wf-outreach', workforce_task_id: taskId }]);
		await sleep(120);
		const next = await runOn(sim, runNode({ message: 'Now for Germany', options: { taskId } }));
		expect(next.error).toBeUndefined();
		const triggers = sim.services.agentWork.calls.filter((c) => c.path.endsWith('/trigger'));
		expect(triggers[1].body).toEqual({
			workforce_id: 'wf-outreach',
			workforce_task_id: taskId,
			trigger: { message: { role: 'user', content: 'Now for Germany', attachments: [] } },
		});
		expect(next.json()[0].result).toBe('Answer to: Now for Germany');
		expect(sim.services.agentWork.tasks.size).toBe(1);
	});

	it('under Retry On Fail follows the task it started instead of starting another', async () => {
		sim.services.agentWork.workforceRunMs = 600_000;
		const result = await runOn(sim, runNode({ options: { timeLimit: 0 } }), undefined, {
			executionId: 'wf-retry-1',
			retryOnFail: { maxTries: 3 },
		});
		const taskId = [...sim.services.agentWork.tasks.keys()][0];
		expect(sim.services.agentWork.calls.filter((c) => c.path.endsWith('/trigger'))).toHaveLength(1);
		expect(sim.services.agentWork.tasks.size).toBe(1);
		expect(result.error?.message).toBe(
			`The workforce is still running after 0 s (task ${taskId}, state 'running'); it was not started again`,
		);
		expect((result.error as { description?: string }).description).toBe(
			`Read its result later with Workforce → Get Task (workforce wf-outreach, task ${taskId}), or raise Time Limit in the options. Running this item again would start a second run.`,
		);
	});

	it('refuses an empty message and a bad task ID before any call', async () => {
		const empty = await runOn(sim, runNode({ message: '  ' }));
		expect(empty.error?.message).toMatch(/Message/);
		const badTask = await runOn(sim, runNode({ options: { taskId: 'a/b' } }));
		expect(badTask.error?.message).toMatch(/^'a\/b' in .*Task ID.* is not a workforce task ID/);
		expect(sim.services.agentWork.calls).toEqual([]);
	});

	it('says the platform’s refusal of an unknown workforce', async () => {
		const result = await runOn(sim, runNode({ workforceId: picked('wf-nope') }));
		expect(result.error?.message).toBe(
			'The service refused to start the workforce run: Workforce wf-nope not found in this project.',
		);
	});
});
