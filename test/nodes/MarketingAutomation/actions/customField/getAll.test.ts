import { useMarketing } from '../../helpers';

describe('Marketing Automation: Custom Field → Get Many', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Custom Field Get Many pages the field list', async () => {
		const result = await env.run({
			resource: 'customField',
			operation: 'getAll',
			returnAll: false,
			limit: 4,
		});
		expect(sim().calls[0]).toMatchObject({
			path: '/rest/v1/leads/schema/fields.json',
			query: { batchSize: '4' },
		});
		expect(result.json().map((f) => f.name)).toEqual(['id', 'email', 'firstName', 'lastName']);
	});
});
