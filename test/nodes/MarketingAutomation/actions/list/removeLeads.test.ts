import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation: List → Remove Leads', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

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
