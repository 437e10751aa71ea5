import type { Simulator } from '../../../../simulator';
import { picked, runOn, startWorkSimulator, workCalls } from '../../work';

describe('Agent Platform › Knowledge › Add Rows', () => {
	let sim: Simulator;
	beforeEach(async () => {
		sim = await startWorkSimulator();
	});
	afterEach(async () => {
		await sim.close();
	});

	const addNode = (extra: Record<string, unknown> = {}) => ({
		resource: 'knowledge',
		operation: 'addRows',
		knowledgeSet: picked('accounts'),
		...extra,
	});

	it('sends the items as rows in one call and returns one item per input item', async () => {
		const items = [
			{ name: 'Acme', revenue: 10 },
			{ name: 'Globex', revenue: 20 },
		];
		const result = await runOn(sim, addNode(), items);
		expect(result.error).toBeUndefined();
		expect(workCalls(sim)).toEqual([
			[
				'POST',
				'/latest/knowledge/add',
				{
					knowledge_set: 'accounts',
					data: items.map((value) => ({ type: 'document', value })),
				},
			],
		]);
		expect(result.output()).toEqual(
			items.map((row, item) => ({
				json: { knowledge_set: 'accounts', row },
				pairedItem: { item },
			})),
		);
		expect(sim.services.agentWork.table('proj-demo', 'accounts')?.map((r) => r.data)).toEqual(
			items,
		);
	});

	it('250 items: calls of 100 rows, at most Calls in Flight at once, every row once', async () => {
		const items = Array.from({ length: 250 }, (_, n) => ({ name: `Company ${n}`, revenue: n }));
		const result = await runOn(sim, addNode({ options: { callsInFlight: 2 } }), items);
		expect(result.error).toBeUndefined();
		const adds = sim.services.agentWork.calls.filter((c) => c.path === '/latest/knowledge/add');
		expect(adds.map((c) => (c.body as { data: unknown[] }).data.length)).toEqual([100, 100, 50]);
		expect(result.output()).toHaveLength(250);
		expect(result.output()[249].pairedItem).toEqual({ item: 249 });
		const rows = sim.services.agentWork.table('proj-demo', 'accounts') ?? [];
		expect(rows.map((r) => r.data.name).sort()).toEqual(items.map((i) => i.name).sort());
	});

	it('sends only Fields to Send', async () => {
		await runOn(sim, addNode({ options: { fields: 'name' } }), [{ name: 'Acme', secret: 'x' }]);
		expect((workCalls(sim)[0][2] as { data: unknown }).data).toEqual([
			{ type: 'document', value: { name: 'Acme' } },
		]);
	});

	it('refuses an empty item before any call, naming the item', async () => {
		const result = await runOn(sim, addNode(), [{ name: 'Acme' }, {}]);
		expect(result.error?.message).toBe('Item 1 has no fields to add as a row');
		expect(sim.services.agentWork.calls).toEqual([]);
	});
});
