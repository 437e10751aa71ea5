import type { Simulator } from '../../../../simulator';
import { picked, runOn, startWorkSimulator, workCalls } from '../../work';

/** Get Many Rows, Update Rows and Delete Rows on one seeded table. */
describe('Agent Platform › Knowledge › Update Rows', () => {
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
});
