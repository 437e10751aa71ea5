import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Named Account → Delete', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('deletes by name in one call; a miss is skipped with found: false', async () => {
		sim().objects.namedAccounts.add({ name: 'To go' });
		const result = await env.run(
			{
				resource: 'namedAccount',
				operation: 'delete',
				deleteBy: 'dedupeFields',
				recordKey: '={{ $json.key }}',
			},
			{ items: [{ key: 'To go' }, { key: 'Nobody' }], typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.body])).toEqual([
			[
				'POST',
				'/rest/v1/namedaccounts/delete.json',
				{ deleteBy: 'dedupeFields', input: [{ name: 'To go' }, { name: 'Nobody' }] },
			],
		]);
		expect(outputOf(result)).toEqual([
			{
				json: { status: 'deleted', name: 'To go', marketoGUID: expect.any(String) },
				pairedItem: { item: 0 },
			},
			{
				json: {
					status: 'skipped',
					name: 'Nobody',
					found: false,
					reasons: [{ code: '1013', message: 'Record not found' }],
				},
				pairedItem: { item: 1 },
			},
		]);
		expect(sim().objects.namedAccounts.find(['name'], { name: 'To go' })).toBeUndefined();
	});
});
