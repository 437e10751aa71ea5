import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Program → Get Many Email Programs', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('lists the email programs of the instance, up to Limit, paired with the item', async () => {
		const result = await env.run(
			{
				resource: 'program',
				operation: 'getEmailPrograms',
				returnAll: false,
				limit: 2,
				filters: {},
			},
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			['GET', '/rest/asset/v1/programs.json', { maxReturn: '200', offset: '0' }],
		]);
		expect(outputOf(result).map((item) => [item.json.id, item.pairedItem])).toEqual([
			[3001, { item: 0 }],
			[3005, { item: 0 }],
		]);
	});
});
