import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Named Account List → Add Named Accounts', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('combines the items’ accounts per list, 300 per call, and gives each item its statuses', async () => {
		const objects = sim().objects;
		const list = String(objects.namedAccountLists.records[0].marketoGUID);
		const accounts = Array.from({ length: 301 }, (_v, i) =>
			String(objects.namedAccounts.add({ name: `Account ${i}` }).marketoGUID),
		);
		const items = accounts.map((id) => ({ id }));
		items.push({ id: accounts[0] }, { id: 'namedaccount-99999999' });
		const result = await env.run(
			{
				resource: 'namedAccountList',
				operation: 'addNamedAccounts',
				namedAccountListId: list,
				namedAccountIds: '={{ $json.id }}',
			},
			{ items, typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		const calls = sim().callsTo('POST', `/rest/v1/namedAccountList/${list}/namedAccounts.json`);
		expect(calls.map((c) => (c.body as { input: unknown[] }).input.length)).toEqual([300, 2]);
		expect((calls[0].body as { input: unknown[] }).input[0]).toEqual({ marketoGUID: accounts[0] });
		const out = outputOf(result);
		expect(out[0]).toEqual({
			json: {
				namedAccountListId: list,
				namedAccounts: [{ marketoGUID: accounts[0], status: 'added' }],
				added: 1,
			},
			pairedItem: { item: 0 },
		});
		expect(out[301].json).toEqual(out[0].json);
		expect(out[302].json).toEqual({
			namedAccountListId: list,
			namedAccounts: [
				{
					marketoGUID: 'namedaccount-99999999',
					status: 'skipped',
					reasons: [{ code: '1013', message: 'Named account not found' }],
				},
			],
			skipped: 1,
		});
		expect(objects.namedAccountListMembers.get(list)?.size).toBe(302);
	});

	it('refuses an empty account list before any call, naming the parameter', async () => {
		const result = await env.run(
			{
				resource: 'namedAccountList',
				operation: 'addNamedAccounts',
				namedAccountListId: 'dff23271-f996-47d7-984f-f2676861b5fb',
				namedAccountIds: '={{ $json.none }}',
			},
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe('No Named Account IDs given in item 0');
		expect(sim().calls).toHaveLength(0);
	});
});
