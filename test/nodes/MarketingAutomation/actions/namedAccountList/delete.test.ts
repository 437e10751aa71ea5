import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Named Account List → Delete', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('deletes by ID and by name in one call each; a miss is skipped with found: false', async () => {
		const lists = sim().objects.namedAccountLists;
		const byId = String(lists.add({ name: 'Old', type: 'default' }).marketoGUID);
		lists.add({ name: 'Older', type: 'default' });
		const result = await env.run(
			{
				resource: 'namedAccountList',
				operation: 'delete',
				deleteBy: '={{ $json.by }}',
				namedAccountListId: '={{ $json.id }}',
				name: '={{ $json.name }}',
			},
			{
				items: [
					{ by: 'idField', id: byId },
					{ by: 'dedupeFields', name: 'Older' },
					{ by: 'dedupeFields', name: 'Nobody' },
				],
				typeVersion: 2,
			},
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.body])).toEqual([
			[
				'POST',
				'/rest/v1/namedAccountLists/delete.json',
				{ deleteBy: 'idField', input: [{ marketoGUID: byId }] },
			],
			[
				'POST',
				'/rest/v1/namedAccountLists/delete.json',
				{ deleteBy: 'dedupeFields', input: [{ name: 'Older' }, { name: 'Nobody' }] },
			],
		]);
		expect(outputOf(result).map((item) => item.json)).toEqual([
			{ status: 'deleted', marketoGUID: byId },
			{ status: 'deleted', name: 'Older', marketoGUID: expect.any(String) },
			{
				status: 'skipped',
				name: 'Nobody',
				found: false,
				reasons: [{ code: '1013', message: 'Record not found' }],
			},
		]);
		expect(lists.records.map((r) => r.name)).toEqual(['Target accounts']);
	});

	it('refuses an ID that is not a marketoGUID before any call', async () => {
		const result = await env.run(
			{
				resource: 'namedAccountList',
				operation: 'delete',
				deleteBy: 'idField',
				namedAccountListId: 'not a guid',
			},
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe(
			'The named account list ID "not a guid" in item 0 is not a marketoGUID',
		);
		expect(sim().calls).toHaveLength(0);
	});
});
