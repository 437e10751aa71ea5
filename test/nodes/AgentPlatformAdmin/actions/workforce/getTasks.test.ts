import type { Simulator } from '../../../../simulator';
import { fastPolling } from '../../runs';
import { picked, runOn, startWorkSimulator, workCalls } from '../../work';

describe('Agent Platform › Workforce › Get Many Tasks', () => {
	let sim: Simulator;
	beforeEach(async () => {
		fastPolling();
		sim = await startWorkSimulator();
	});
	afterEach(async () => {
		await sim.close();
	});

	const start = async (message: string) =>
		await runOn(sim, {
			resource: 'workforce',
			operation: 'run',
			workforceId: picked('wf-outreach'),
			message,
			options: { waitForResult: false },
		});

	it('pages by the platform’s cursor and returns every task with Return All', async () => {
		for (let n = 0; n < 3; n++) await start(`Task ${n}`);
		sim.services.agentWork.pageCap = 2;
		sim.services.agentWork.calls.length = 0;
		const result = await runOn(sim, {
			resource: 'workforce',
			operation: 'getTasks',
			workforceId: picked('wf-outreach'),
			returnAll: true,
		});
		expect(workCalls(sim)).toEqual([
			['POST', '/latest/workforce/tasks/list', { workforce_id: 'wf-outreach', page_size: 100 }],
			[
				'POST',
				'/latest/workforce/tasks/list',
				{ workforce_id: 'wf-outreach', page_size: 100, cursor: 'c2' },
			],
		]);
		expect(result.json().map((t) => t.title)).toEqual(['Task 2', 'Task 1', 'Task 0']);
		expect(result.output().map((o) => o.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 0 },
		]);
	});

	it('searches and stops at Limit', async () => {
		await start('Germany plan');
		await start('France plan');
		await start('Germany follow-up');
		sim.services.agentWork.calls.length = 0;
		const result = await runOn(sim, {
			resource: 'workforce',
			operation: 'getTasks',
			workforceId: picked('wf-outreach'),
			limit: 1,
			options: { query: 'germany' },
		});
		expect(workCalls(sim)).toEqual([
			[
				'POST',
				'/latest/workforce/tasks/list',
				{ workforce_id: 'wf-outreach', page_size: 100, query: 'germany' },
			],
		]);
		expect(result.json().map((t) => t.title)).toEqual(['Germany follow-up']);
	});
});
