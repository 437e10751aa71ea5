import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Named Account List → Get Many', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('finds lists by name with filterType dedupeFields, and by ID with idField', async () => {
		const partners = sim().objects.namedAccountLists.add({ name: 'Partners', type: 'default' });
		const byName = await env.run(
			{
				resource: 'namedAccountList',
				operation: 'getAll',
				filterBy: 'dedupeFields',
				names: 'Target accounts, Partners, Nobody',
				returnAll: true,
			},
			{ typeVersion: 2 },
		);
		expect(byName.error).toBeUndefined();
		expect(sim().calls[0].query).toEqual({
			filterType: 'dedupeFields',
			filterValues: 'Target accounts,Partners,Nobody',
			batchSize: '300',
		});
		expect(outputOf(byName).map((item) => item.json.name)).toEqual(['Target accounts', 'Partners']);

		const byId = await env.run(
			{
				resource: 'namedAccountList',
				operation: 'getAll',
				filterBy: 'idField',
				namedAccountListIds: String(partners.marketoGUID),
				returnAll: true,
			},
			{ typeVersion: 2 },
		);
		expect(outputOf(byId).map((item) => item.json)).toEqual([
			{
				seq: 0,
				marketoGUID: partners.marketoGUID,
				name: 'Partners',
				updatedAt: expect.any(String),
				createdAt: expect.any(String),
			},
		]);
	});

	it('refuses more than 300 names before any call', async () => {
		const names = Array.from({ length: 301 }, (_v, i) => `L${i}`).join(',');
		const result = await env.run(
			{ resource: 'namedAccountList', operation: 'getAll', filterBy: 'dedupeFields', names },
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe('Item 0 gives 301 values; the service takes at most 300');
		expect(sim().calls).toHaveLength(0);
	});
});
