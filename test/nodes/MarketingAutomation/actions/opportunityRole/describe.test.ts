import { useMarketing } from '../../helpers';

describe('Marketing Automation v2: Opportunity Role → Describe', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('gives the compound dedupe key and the searchable fields', async () => {
		const result = await env.run(
			{ resource: 'opportunityRole', operation: 'describe', simplify: true },
			{ typeVersion: 2 },
		);
		expect(sim().calls.map((c) => c.path)).toEqual(['/rest/v1/opportunities/roles/describe.json']);
		expect(result.json()[0]).toMatchObject({
			idField: 'marketoGUID',
			dedupeFields: ['externalOpportunityId', 'leadId', 'role'],
		});
	});
});
