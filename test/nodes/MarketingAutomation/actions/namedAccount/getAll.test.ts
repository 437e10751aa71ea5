import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Named Account → Get Many', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('looks up the items’ names in one call, matched back by name; a miss gives found: false', async () => {
		const result = await env.run(
			{
				resource: 'namedAccount',
				operation: 'getAll',
				filterType: 'name',
				filterValues: '={{ $json.names }}',
				returnAll: true,
				options: {},
			},
			{ items: [{ names: 'Globex, Nobody' }, { names: 'Acme' }], typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			[
				'GET',
				'/rest/v1/namedaccounts.json',
				{
					filterType: 'name',
					filterValues: 'Globex,Nobody,Acme',
					fields: 'marketoGUID,name,createdAt,updatedAt',
					batchSize: '300',
				},
			],
		]);
		const out = outputOf(result);
		expect(out.map((item) => [item.json.name, item.json.found, item.pairedItem])).toEqual([
			['Globex', undefined, { item: 0 }],
			['Nobody', false, { item: 0 }],
			['Acme', undefined, { item: 1 }],
		]);
		expect(out[0].json.marketoGUID).toEqual(expect.any(String));
	});
});
