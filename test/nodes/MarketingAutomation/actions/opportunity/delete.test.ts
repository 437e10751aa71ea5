import { fastTransport, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Opportunity → Delete', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('600 items are deleted in two calls of 300 by external ID; each item gets its status', async () => {
		// No call may time out and be replayed on a loaded machine: the statuses are exact.
		jest.restoreAllMocks();
		fastTransport({ timeoutMs: 120_000 });
		for (let i = 0; i < 600; i++)
			sim().objects.opportunities.add({ externalOpportunityId: `X-${i}`, name: 'x' });
		const items = Array.from({ length: 600 }, (_v, i) => ({ id: `X-${i}` }));
		const result = await env.run(
			{
				resource: 'opportunity',
				operation: 'delete',
				deleteBy: 'dedupeFields',
				recordKey: '={{ $json.id }}',
			},
			{ items, typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		const calls = sim().callsTo('POST', '/rest/v1/opportunities/delete.json');
		expect(calls.map((c) => (c.body as { input: unknown[] }).input.length)).toEqual([300, 300]);
		expect(result.json()[599]).toEqual({
			status: 'deleted',
			externalOpportunityId: 'X-599',
			marketoGUID: expect.stringMatching(/^opportunity-/),
		});
		expect(sim().objects.opportunities.records).toHaveLength(1);
	});
});
