import { useMarketing } from '../../helpers';

describe('Marketing Automation v2: Opportunity → Get Many', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('by company with Limit: pages stop at the limit; fields include the filter field', async () => {
		for (let i = 0; i < 320; i++) {
			sim().objects.opportunities.add({
				externalOpportunityId: `G-${i}`,
				name: `G ${i}`,
				externalCompanyId: 'C-1002',
			});
		}
		const result = await env.run(
			{
				resource: 'opportunity',
				operation: 'getAll',
				filterType: 'externalCompanyId',
				filterValues: 'C-1002',
				returnAll: false,
				limit: 5,
				options: { fields: ['name'] },
			},
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => c.query)).toEqual([
			{
				filterType: 'externalCompanyId',
				filterValues: 'C-1002',
				fields: 'name,externalCompanyId',
				batchSize: '5',
			},
		]);
		expect(result.json()).toEqual(
			Array.from({ length: 5 }, (_v, i) => ({ name: `G ${i}`, externalCompanyId: 'C-1002' })),
		);
	});

	it('Return All follows nextPageToken over 320 records', async () => {
		const result = await env.run(
			{
				resource: 'opportunity',
				operation: 'getAll',
				filterType: 'externalCompanyId',
				filterValues: 'C-1002',
				returnAll: true,
				options: {},
			},
			{ typeVersion: 2 },
		);
		expect(sim().calls.map((c) => c.query.nextPageToken === undefined)).toEqual([true, false]);
		expect(result.json()).toHaveLength(320);
	});
});
