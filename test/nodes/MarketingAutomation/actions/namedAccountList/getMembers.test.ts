import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Named Account List → Get Members', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('reads a list’s named accounts with the chosen fields', async () => {
		const list = sim().objects.namedAccountLists.records[0];
		const result = await env.run(
			{
				resource: 'namedAccountList',
				operation: 'getMembers',
				namedAccountListId: String(list.marketoGUID),
				returnAll: true,
				options: { fields: 'name, domainName' },
			},
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			[
				'GET',
				`/rest/v1/namedAccountList/${String(list.marketoGUID)}/namedAccounts.json`,
				{ fields: 'name,domainName', batchSize: '300' },
			],
		]);
		expect(outputOf(result).map((item) => item.json)).toEqual([
			{ seq: 0, name: 'Acme', domainName: 'acme.example' },
		]);
	});

	it('says which list the service does not know', async () => {
		const result = await env.run(
			{
				resource: 'namedAccountList',
				operation: 'getMembers',
				namedAccountListId: 'dff23271-f996-47d7-984f-f2676861b5fb',
				returnAll: true,
			},
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toContain(
			"Named account list 'dff23271-f996-47d7-984f-f2676861b5fb' not found",
		);
	});
});
