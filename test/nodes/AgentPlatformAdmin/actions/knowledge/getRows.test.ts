import type { Simulator } from '../../../../simulator';
import { picked, runOn, startWorkSimulator, workCalls } from '../../work';

/** Get Many Rows, Update Rows and Delete Rows on one seeded table. */
describe('Agent Platform › Knowledge › Get Many Rows', () => {
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

	it('Get Many Rows: pages, filters and simplifies each row to its columns and ID', async () => {
		const result = await runOn(sim, {
			resource: 'knowledge',
			operation: 'getRows',
			knowledgeSet: picked('accounts'),
			returnAll: true,
			filters: { conditions: [{ field: 'country', value: 'AU' }] },
		});
		const filters = [
			{ field: 'data.country', filter_type: 'exact_match', condition: '==', condition_value: 'AU' },
		];
		expect(workCalls(sim)).toEqual([
			[
				'POST',
				'/latest/knowledge/list',
				{ knowledge_set: 'accounts', page: 1, page_size: 100, filters },
			],
			[
				'POST',
				'/latest/knowledge/list',
				{ knowledge_set: 'accounts', page: 2, page_size: 100, filters },
			],
		]);
		expect(result.json()).toEqual([
			{ document_id: 'row-0', name: 'Company 0', country: 'AU' },
			{ document_id: 'row-2', name: 'Company 2', country: 'AU' },
		]);
	});

	it('Get Many Rows without Simplify returns the rows as the platform stores them', async () => {
		const result = await runOn(sim, {
			resource: 'knowledge',
			operation: 'getRows',
			knowledgeSet: picked('accounts'),
			limit: 1,
			simplify: false,
		});
		expect(result.json()).toEqual([
			{
				document_id: 'row-0',
				data: { name: 'Company 0', country: 'AU' },
				insert_date_: '2026-12-01T00:00:00.000Z',
			},
		]);
	});

	it('Get Many Rows refuses a filter without a field before any call', async () => {
		const result = await runOn(sim, {
			resource: 'knowledge',
			operation: 'getRows',
			knowledgeSet: picked('accounts'),
			filters: { conditions: [{ field: ' ', value: 'AU' }] },
		});
		expect(result.error?.message).toBe('Filter 1 of item 0 has no field');
		expect(sim.services.agentWork.calls).toEqual([]);
	});
});
