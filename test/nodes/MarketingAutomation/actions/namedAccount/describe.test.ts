import { useMarketing } from '../../helpers';

describe('Marketing Automation v2: Named Account → Describe', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('gives the keys, searchable fields and fields of named accounts', async () => {
		const result = await env.run(
			{ resource: 'namedAccount', operation: 'describe', simplify: true },
			{ typeVersion: 2 },
		);
		expect(sim().calls.map((c) => [c.method, c.path])).toEqual([
			['GET', '/rest/v1/namedaccounts/describe.json'],
		]);
		expect(result.json()[0]).toMatchObject({
			name: 'Named Account',
			idField: 'marketoGUID',
			dedupeFields: ['name'],
		});
	});
});
