import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation: List → Add Leads', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Add Leads sends 300 per call with a JSON body and gives each item its leads’ statuses', async () => {
		const ids = Array.from({ length: 60 }, (_v, i) => i + 1);
		for (let i = 0; i < 640; i++) sim().addLead({ email: `bulk${i}@example.com` });
		const all = [...ids, ...Array.from({ length: 640 }, (_v, i) => 61 + i)];
		const items = all.map((id) => ({ id }));
		items.push({ id: 99999 });
		const result = await env.run(
			{
				resource: 'list',
				operation: 'addLeads',
				list: { mode: 'id', value: '1003' },
				leadIds: '={{ $json.id }}',
			},
			{ items },
		);
		expect(result.error).toBeUndefined();
		const calls = sim().callsTo('POST', '/rest/v1/lists/1003/leads.json');
		expect(calls.map((c) => (c.body as { input: unknown[] }).input.length)).toEqual([
			300, 300, 101,
		]);
		expect(calls[0].body).toEqual({ input: all.slice(0, 300).map((id) => ({ id })) });
		const out = outputOf(result);
		expect(out[0]).toEqual({
			json: { listId: 1003, leads: [{ id: 1, status: 'added' }], added: 1 },
			pairedItem: { item: 0 },
		});
		expect(out[700]).toEqual({
			json: {
				listId: 1003,
				leads: [
					{ id: 99999, status: 'skipped', reasons: [{ code: '1004', message: 'Lead not found' }] },
				],
				skipped: 1,
			},
			pairedItem: { item: 700 },
		});
		expect(sim().lists.get(1003)?.members.size).toBe(700);
	});
});
