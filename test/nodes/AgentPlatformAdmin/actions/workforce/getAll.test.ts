import type { Simulator } from '../../../../simulator';
import { runOn, startWorkSimulator, workCalls } from '../../work';
import { loadOptionsSearch } from '../../workSearch';

describe('Agent Platform › Workforce › Get Many', () => {
	let sim: Simulator;
	beforeEach(async () => {
		sim = await startWorkSimulator();
	});
	afterEach(async () => {
		await sim.close();
	});

	it('lists the project’s workforces with their IDs and names', async () => {
		const result = await runOn(sim, {
			resource: 'workforce',
			operation: 'getAll',
			returnAll: true,
		});
		expect(workCalls(sim)).toEqual([
			['POST', '/latest/mas/list', { page: 1, page_size: 100 }],
			['POST', '/latest/mas/list', { page: 2, page_size: 100 }],
		]);
		expect(result.json()).toEqual([
			{
				workforce_id: 'wf-accounts',
				name: 'Account review',
				description: 'Reviews the accounts of a knowledge table',
			},
			{ workforce_id: 'wf-outreach', name: 'Outreach team', description: '' },
		]);
	});

	it('is the Workforce picker’s list, by name and ID', async () => {
		const list = await loadOptionsSearch(sim, 'searchWorkforces');
		expect(list.results).toEqual([
			{ name: 'Account review (wf-accounts)', value: 'wf-accounts' },
			{ name: 'Outreach team (wf-outreach)', value: 'wf-outreach' },
		]);
	});
});
