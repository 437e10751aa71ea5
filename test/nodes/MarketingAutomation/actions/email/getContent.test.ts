import { useMarketing } from '../../helpers';

describe('Marketing Automation: Email → Get Content', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Get Content returns the sections of the chosen version', async () => {
		const result = await env.run({
			resource: 'email',
			operation: 'getContent',
			email: { mode: 'id', value: '4001' },
			status: 'draft',
		});
		expect(sim().calls[0]).toMatchObject({
			method: 'GET',
			path: '/rest/asset/v1/email/4001/content.json',
			query: { status: 'draft' },
		});
		expect(result.json()).toEqual([
			{
				id: 4001,
				status: 'draft',
				sections: expect.arrayContaining([
					expect.objectContaining({ htmlId: 'body', value: '<p>November news (edited) body</p>' }),
				]),
			},
		]);
	});
});
