import { useMarketing } from '../../helpers';

describe('Marketing Automation: List → Get Many', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Get Many lists with filters', async () => {
		const result = await env.run({
			resource: 'list',
			operation: 'getAll',
			returnAll: true,
			filters: { name: 'Webinar attendees' },
		});
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			['GET', '/rest/v1/lists.json', { name: 'Webinar attendees', batchSize: '300' }],
		]);
		expect(result.json()).toEqual([
			{
				id: 1002,
				name: 'Webinar attendees',
				description: '',
				programName: 'Product Webinar',
				workspaceName: 'Default',
				createdAt: '2026-10-01T00:00:00Z',
				updatedAt: '2026-10-01T00:00:00Z',
			},
		]);
	});
});
