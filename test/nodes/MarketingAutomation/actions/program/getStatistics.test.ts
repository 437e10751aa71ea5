import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation: Program → Get Statistics', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Program statistics are computed from the membership pages', async () => {
		const result = await env.run({
			resource: 'program',
			operation: 'getStatistics',
			program: { mode: 'id', value: '3003' },
		});
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			['GET', '/rest/asset/v1/program/3003.json', {}],
			['GET', '/rest/v1/leads/programs/3003.json', { fields: 'id', batchSize: '300' }],
		]);
		expect(outputOf(result)).toEqual([
			{
				json: {
					programId: 3003,
					programName: 'Product Webinar',
					programType: 'Event with Webinar',
					channel: 'Webinar',
					members: 25,
					reachedSuccess: 9,
					successRate: 0.36,
					acquiredByProgram: 5,
					exhausted: 0,
					byProgressionStatus: { Attended: 9, 'No Show': 8, Registered: 8 },
					firstMembershipDate: '2026-10-01T00:00:00Z',
					lastMembershipDate: '2026-10-25T00:00:00Z',
				},
				pairedItem: { item: 0 },
			},
		]);
	});
});
