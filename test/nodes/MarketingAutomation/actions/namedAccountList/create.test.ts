import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Named Account List → Create', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('creates lists createOnly, 300 names per call; a name in use is skipped with its reason', async () => {
		const names = Array.from({ length: 301 }, (_v, i) => `List ${i}`);
		names.push('Target accounts');
		const result = await env.run(
			{ resource: 'namedAccountList', operation: 'create', name: '={{ $json.name }}' },
			{ items: names.map((name) => ({ name })), typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		const calls = sim().callsTo('POST', '/rest/v1/namedAccountLists.json');
		expect(calls.map((c) => (c.body as { input: unknown[] }).input.length)).toEqual([300, 2]);
		expect(calls[1].body).toEqual({
			action: 'createOnly',
			input: [{ name: 'List 300' }, { name: 'Target accounts' }],
		});
		const out = outputOf(result);
		expect(out[0]).toEqual({
			json: { status: 'created', name: 'List 0', marketoGUID: expect.any(String) },
			pairedItem: { item: 0 },
		});
		expect(out[301]).toEqual({
			json: {
				status: 'skipped',
				name: 'Target accounts',
				reasons: [{ code: '1017', message: 'Record already exists' }],
			},
			pairedItem: { item: 301 },
		});
		expect(sim().objects.namedAccountLists.records).toHaveLength(302);
	});

	it('refuses an empty name before any call, naming the item', async () => {
		const result = await env.run(
			{ resource: 'namedAccountList', operation: 'create', name: '={{ $json.name }}' },
			{ items: [{ name: 'Fine' }, { name: ' ' }], typeVersion: 2 },
		);
		expect(result.error?.message).toBe('The name is empty in item 1');
		expect(sim().calls).toHaveLength(0);
	});
});
