import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation: List → Get Members', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Get Members pages through 700 members (3 pages) with the chosen fields', async () => {
		// List 1003 holds 700 members: the 60 seed leads and 640 more.
		for (let i = 0; i < 640; i++) sim().addLead({ email: `bulk${i}@example.com` });
		const list = sim().lists.get(1003);
		if (!list) throw new Error('The simulator seeds list 1003');
		for (let id = 1; id <= 700; id++) list.members.add(id);
		const result = await env.run({
			resource: 'list',
			operation: 'getMembers',
			list: { mode: 'list', value: '1003' },
			returnAll: true,
			options: { fields: ['email'] },
		});
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => c.query)).toEqual([
			{ fields: 'email', batchSize: '300' },
			{ fields: 'email', batchSize: '300', nextPageToken: expect.any(String) },
			{ fields: 'email', batchSize: '300', nextPageToken: expect.any(String) },
		]);
		expect(result.json()).toHaveLength(700);
		expect(result.json()[0]).toEqual({ email: 'lead1@example.com' });
	});
});

describe('Marketing Automation: List → Get Members of many items', () => {
	const env = useMarketing({ latencyMs: 20 });
	const sim = () => env.sim.services.marketing;

	it('reads the members of 12 lists several at once, each item its records in input order', async () => {
		const lists = Array.from({ length: 12 }, (_v, i) => [1001, 1002, 1003][i % 3]);
		const result = await env.run(
			{
				resource: 'list',
				operation: 'getMembers',
				list: { mode: 'id', value: '={{ $json.list }}' },
				returnAll: true,
				options: { fields: ['id'] },
			},
			{ items: lists.map((list) => ({ list })) },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls).toHaveLength(12);
		expect(sim().counters.maxConcurrentSeen).toBeGreaterThan(1);
		expect(sim().counters.maxConcurrentSeen).toBeLessThanOrEqual(5);
		const members: Record<number, number[]> = {
			1001: Array.from({ length: 20 }, (_v, i) => i + 1),
			1002: Array.from({ length: 16 }, (_v, i) => i + 15),
			1003: [],
		};
		expect(outputOf(result)).toEqual(
			lists.flatMap((list, item) =>
				members[list].map((id) => ({ json: { id }, pairedItem: { item } })),
			),
		);
	});
});
