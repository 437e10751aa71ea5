import type { Simulator } from '../../../../simulator';
import { runOn, startWorkSimulator, workCalls } from '../../work';
import { loadOptionsSearch } from '../../workSearch';

/** Get Many Rows, Update Rows and Delete Rows on one seeded table. */
describe('Agent Platform › Knowledge › Get Many Tables', () => {
	let sim: Simulator;
	beforeEach(async () => {
		sim = await startWorkSimulator();
		const rows = sim.services.agentWork.table('proj-demo', 'accounts', true)!;
		['AU', 'DE', 'AU'].forEach((country, n) =>
			rows.push({
				document_id: `row-${n}`,
				data: { name: `Company ${n}`, country },
				insert_date_: '2026-12-01T00:00:00.000Z',
			}),
		);
	});
	afterEach(async () => {
		await sim.close();
	});

	it('Get Many Tables lists the tables, and is the Knowledge Table picker’s list', async () => {
		const result = await runOn(sim, {
			resource: 'knowledge',
			operation: 'getTables',
			returnAll: true,
		});
		expect(workCalls(sim)[0]).toEqual([
			'POST',
			'/latest/knowledge/sets/list',
			{ page: 1, page_size: 100 },
		]);
		expect(result.json()).toEqual([{ knowledge_set: 'accounts', rows: 3 }]);
		const list = await loadOptionsSearch(sim, 'searchKnowledgeSets');
		expect(list.results).toEqual([{ name: 'accounts', value: 'accounts' }]);
	});
});
