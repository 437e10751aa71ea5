import type { Simulator } from '../../../../simulator';
import { picked, runOn, startWorkSimulator, workCalls } from '../../work';
import { loadOptionsSearch } from '../../workSearch';

/** Get Many Rows, Update Rows and Delete Rows on one seeded table. */
describe('Agent Platform › Knowledge › rows', () => {
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

	it('Update Rows: one call for the items, each row named by its ID', async () => {
		const result = await runOn(
			sim,
			{
				resource: 'knowledge',
				operation: 'updateRows',
				knowledgeSet: picked('accounts'),
				rowId: '={{ $json.id }}',
				fieldsJson: '={{ { "country": $json.country } }}',
			},
			[
				{ id: 'row-0', country: 'NZ' },
				{ id: 'row-1', country: 'AT' },
			],
		);
		expect(result.error).toBeUndefined();
		expect(workCalls(sim)).toEqual([
			[
				'POST',
				'/latest/knowledge/bulk_update',
				{
					knowledge_set: 'accounts',
					updates: [
						{ document_id: 'row-0', data: { country: 'NZ' } },
						{ document_id: 'row-1', data: { country: 'AT' } },
					],
				},
			],
		]);
		expect(result.json()).toEqual([
			{ knowledge_set: 'accounts', document_id: 'row-0', updated: { country: 'NZ' } },
			{ knowledge_set: 'accounts', document_id: 'row-1', updated: { country: 'AT' } },
		]);
		expect(sim.services.agentWork.table('proj-demo', 'accounts')![1].data).toEqual({
			name: 'Company 1',
			country: 'AT',
		});
	});

	it('Update Rows refuses fields that are not a JSON object before any call', async () => {
		const result = await runOn(sim, {
			resource: 'knowledge',
			operation: 'updateRows',
			knowledgeSet: picked('accounts'),
			rowId: 'row-0',
			fieldsJson: '[1]',
		});
		expect(result.error?.message).toBe("The 'Fields (JSON)' field of item 0 is not a JSON object");
		expect(sim.services.agentWork.calls).toEqual([]);
	});

	it('Delete Rows deletes the rows matching the filters', async () => {
		const result = await runOn(sim, {
			resource: 'knowledge',
			operation: 'deleteRows',
			knowledgeSet: picked('accounts'),
			filters: { conditions: [{ field: 'country', value: 'AU' }] },
		});
		expect(workCalls(sim)).toEqual([
			[
				'POST',
				'/latest/knowledge/delete',
				{
					knowledge_set: 'accounts',
					filters: [
						{
							field: 'data.country',
							filter_type: 'exact_match',
							condition: '==',
							condition_value: 'AU',
						},
					],
				},
			],
		]);
		expect(result.json()).toEqual([{ knowledge_set: 'accounts', deleted: { country: 'AU' } }]);
		expect(
			sim.services.agentWork.table('proj-demo', 'accounts')!.map((r) => r.document_id),
		).toEqual(['row-1']);
	});

	it('Delete Rows refuses to run without a filter unless All Rows is chosen', async () => {
		const refused = await runOn(sim, {
			resource: 'knowledge',
			operation: 'deleteRows',
			knowledgeSet: picked('accounts'),
		});
		expect(refused.error?.message).toBe(
			'Item 0 has no filter, so it would delete every row of the table',
		);
		expect(sim.services.agentWork.calls).toEqual([]);
		const all = await runOn(sim, {
			resource: 'knowledge',
			operation: 'deleteRows',
			knowledgeSet: picked('accounts'),
			deleteMode: 'all',
		});
		expect(workCalls(sim)).toEqual([
			['POST', '/latest/knowledge/delete', { knowledge_set: 'accounts' }],
		]);
		expect(all.json()).toEqual([{ knowledge_set: 'accounts', deleted: 'all' }]);
		expect(sim.services.agentWork.table('proj-demo', 'accounts')).toEqual([]);
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
