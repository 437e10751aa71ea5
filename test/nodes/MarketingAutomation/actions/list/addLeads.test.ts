import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation: static lists', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Get Many lists with filters', async () => {
		const result = await env.run({
			resource: 'list',
			operation: 'getAll',
			returnAll: true,
			filters: { name: 'Webinar attendees' },
		});
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			['GET', '/rest/v1/lists.json', { name: 'Webinar attendees', batchSize: '300' }],
		]);
		expect(result.json()).toEqual([
			{
				id: 1002,
				name: 'Webinar attendees',
				description: '',
				programName: 'Product Webinar',
				workspaceName: 'Default',
				createdAt: '2026-10-01T00:00:00Z',
				updatedAt: '2026-10-01T00:00:00Z',
			},
		]);
	});

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

	it('Get Members pages through 700 members (3 pages) with the chosen fields', async () => {
		const result = await env.run({
			resource: 'list',
			operation: 'getMembers',
			list: { mode: 'list', value: '1003' },
			returnAll: true,
			options: { fields: ['email'] },
		});
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => c.query)).toEqual([
			{ fields: 'email', batchSize: '300' },
			{ fields: 'email', batchSize: '300', nextPageToken: expect.any(String) },
			{ fields: 'email', batchSize: '300', nextPageToken: expect.any(String) },
		]);
		expect(result.json()).toHaveLength(700);
		expect(result.json()[0]).toEqual({ email: 'lead1@example.com' });
	});

	it('Remove Leads sends DELETE with a JSON body; a lead not in the list is skipped with 1015', async () => {
		const result = await env.run(
			{
				resource: 'list',
				operation: 'removeLeads',
				list: { mode: 'id', value: '1001' },
				leadIds: '={{ $json.ids }}',
			},
			{ items: [{ ids: '1, 2' }, { ids: '2,45' }] },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls).toHaveLength(1);
		expect(sim().calls[0]).toMatchObject({
			method: 'DELETE',
			path: '/rest/v1/lists/1001/leads.json',
			contentType: 'application/json',
			body: { input: [{ id: 1 }, { id: 2 }, { id: 45 }] },
		});
		expect(outputOf(result)).toEqual([
			{
				json: {
					listId: 1001,
					leads: [
						{ id: 1, status: 'removed' },
						{ id: 2, status: 'removed' },
					],
					removed: 2,
				},
				pairedItem: { item: 0 },
			},
			{
				json: {
					listId: 1001,
					leads: [
						{ id: 2, status: 'removed' },
						{ id: 45, status: 'skipped', reasons: [{ code: '1015', message: 'Lead not in list' }] },
					],
					removed: 1,
					skipped: 1,
				},
				pairedItem: { item: 1 },
			},
		]);
	});
});
