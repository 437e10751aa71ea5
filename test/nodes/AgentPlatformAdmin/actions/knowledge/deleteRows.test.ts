import type { Simulator } from '../../../../simulator';
import { picked, runOn, startWorkSimulator, workCalls } from '../../work';

/** Get Many Rows, Update Rows and Delete Rows on one seeded table. */
describe('Agent Platform › Knowledge › Delete Rows', () => {
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
});
