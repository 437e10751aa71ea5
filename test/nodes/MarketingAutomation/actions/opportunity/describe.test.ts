import { useMarketing } from '../../helpers';

describe('Marketing Automation v2: Opportunity → Describe', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('reads /rest/v1/opportunities/describe.json once for all items of an execution', async () => {
		const result = await env.run(
			{ resource: 'opportunity', operation: 'describe', simplify: true },
			{ items: [{}, {}], typeVersion: 2 },
		);
		expect(sim().calls.map((c) => c.path)).toEqual(['/rest/v1/opportunities/describe.json']);
		expect(result.json().map((j) => [j.idField, j.dedupeFields])).toEqual([
			['marketoGUID', ['externalOpportunityId']],
			['marketoGUID', ['externalOpportunityId']],
		]);
	});
});
