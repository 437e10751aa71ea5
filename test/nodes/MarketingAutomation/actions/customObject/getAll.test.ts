import { useMarketing } from '../../helpers';

describe('Marketing Automation v2: Custom Object → Get Many', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('by a searchable field of the type (leadId); the default fields come from the describe', async () => {
		const result = await env.run(
			{
				resource: 'customObject',
				operation: 'getAll',
				customObject: 'car_c',
				filterType: 'leadId',
				filterValues: '1',
				returnAll: true,
				options: {},
			},
			{ typeVersion: 2 },
		);
		expect(sim().calls.map((c) => [c.path, c.query])).toEqual([
			['/rest/v1/customobjects/car_c/describe.json', {}],
			[
				'/rest/v1/customobjects/car_c.json',
				{
					filterType: 'leadId',
					filterValues: '1',
					fields: 'marketoGUID,vin,createdAt,updatedAt,leadId',
					batchSize: '300',
				},
			],
		]);
		expect(result.json()).toEqual([
			{
				marketoGUID: expect.stringMatching(/^car_c-/),
				vin: 'VIN0001',
				leadId: 1,
				createdAt: expect.any(String),
				updatedAt: expect.any(String),
			},
		]);
	});

	it('a type with a compound dedupe key is queried by it with a JSON body', async () => {
		const result = await env.run(
			{
				resource: 'customObject',
				operation: 'getAll',
				customObject: 'subscription_c',
				filterType: 'dedupeFields',
				keyValues: '[{"accountNumber": "A-1", "plan": "Pro"}]',
				returnAll: true,
				options: { fields: ['seats'] },
			},
			{ typeVersion: 2 },
		);
		expect(sim().calls[1]).toMatchObject({
			method: 'POST',
			path: '/rest/v1/customobjects/subscription_c.json',
			query: { _method: 'GET' },
			body: {
				filterType: 'dedupeFields',
				fields: ['seats', 'accountNumber', 'plan'],
				input: [{ accountNumber: 'A-1', plan: 'Pro' }],
			},
		});
		expect(result.json()).toEqual([{ seats: 5, accountNumber: 'A-1', plan: 'Pro' }]);
	});
});
