import { useMarketing } from '../../helpers';

describe('Marketing Automation v2: Opportunity Role → Delete', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('deletes by the compound key given as a JSON object (only the key is sent)', async () => {
		sim().objects.roles.add({ externalOpportunityId: 'O-2001', leadId: 5, role: 'Champion' });
		const result = await env.run(
			{
				resource: 'opportunityRole',
				operation: 'delete',
				deleteBy: 'dedupeFields',
				recordKey: '={{ JSON.stringify($json) }}',
			},
			{ items: [{ externalOpportunityId: 'O-2001', leadId: 5, role: 'Champion' }], typeVersion: 2 },
		);
		expect(sim().calls[0].body).toEqual({
			deleteBy: 'dedupeFields',
			input: [{ externalOpportunityId: 'O-2001', leadId: 5, role: 'Champion' }],
		});
		expect(result.json()).toEqual([
			{
				status: 'deleted',
				externalOpportunityId: 'O-2001',
				leadId: 5,
				role: 'Champion',
				marketoGUID: expect.any(String),
			},
		]);
	});

	it('a single value for a compound key is refused before any call', async () => {
		const result = await env.run(
			{
				resource: 'opportunityRole',
				operation: 'delete',
				deleteBy: 'dedupeFields',
				recordKey: 'O-2001',
			},
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe(
			'The key "O-2001" of item 0 is not a key of opportunity roles: externalOpportunityId + leadId + role missing',
		);
		expect(sim().calls).toEqual([]);
	});
});
