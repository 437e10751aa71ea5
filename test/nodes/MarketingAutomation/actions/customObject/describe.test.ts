import { useMarketing } from '../../helpers';

describe('Marketing Automation v2: Custom Object → Describe', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('raw: the type’s fields, keys and relationships', async () => {
		const result = await env.run(
			{ resource: 'customObject', operation: 'describe', customObject: 'car_c', simplify: false },
			{ typeVersion: 2 },
		);
		expect(sim().calls.map((c) => c.path)).toEqual(['/rest/v1/customobjects/car_c/describe.json']);
		expect(result.json()[0]).toMatchObject({
			name: 'car_c',
			displayName: 'Car',
			idField: 'marketoGUID',
			dedupeFields: ['vin'],
			relationships: [
				{ field: 'leadId', type: 'parent', relatedTo: { name: 'Lead', field: 'id' } },
			],
		});
	});
});
