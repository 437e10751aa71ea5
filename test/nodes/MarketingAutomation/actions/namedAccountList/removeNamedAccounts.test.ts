import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Named Account List → Remove Named Accounts', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('removes members with one call; an account not in the list is skipped', async () => {
		const objects = sim().objects;
		const list = String(objects.namedAccountLists.records[0].marketoGUID);
		const [acme, globex] = objects.namedAccounts.records.map((r) => String(r.marketoGUID));
		const result = await env.run(
			{
				resource: 'namedAccountList',
				operation: 'removeNamedAccounts',
				namedAccountListId: list,
				namedAccountIds: `${acme}, ${globex}`,
			},
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.body])).toEqual([
			[
				'POST',
				`/rest/v1/namedAccountList/${list}/namedAccounts/remove.json`,
				{ input: [{ marketoGUID: acme }, { marketoGUID: globex }] },
			],
		]);
		expect(outputOf(result)[0].json).toEqual({
			namedAccountListId: list,
			namedAccounts: [
				{ marketoGUID: acme, status: 'removed' },
				{
					marketoGUID: globex,
					status: 'skipped',
					reasons: [{ code: '1013', message: 'Named account not in list' }],
				},
			],
			removed: 1,
			skipped: 1,
		});
		expect(objects.namedAccountListMembers.get(list)?.size).toBe(0);
	});
});
