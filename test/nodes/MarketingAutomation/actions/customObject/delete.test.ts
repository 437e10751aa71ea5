import { useMarketing } from '../../helpers';

describe('Marketing Automation v2: Custom Object → Delete', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('deletes by the type’s dedupe field, read from its describe', async () => {
		sim().objects.customObjects.get('car_c')!.add({ vin: 'GONE-1' });
		const result = await env.run(
			{
				resource: 'customObject',
				operation: 'delete',
				customObject: 'car_c',
				deleteBy: 'dedupeFields',
				recordKey: 'GONE-1',
			},
			{ typeVersion: 2 },
		);
		expect(sim().calls.map((c) => [c.path, c.body])).toEqual([
			['/rest/v1/customobjects/car_c/describe.json', undefined],
			[
				'/rest/v1/customobjects/car_c/delete.json',
				{ deleteBy: 'dedupeFields', input: [{ vin: 'GONE-1' }] },
			],
		]);
		expect(result.json()).toEqual([
			{ status: 'deleted', vin: 'GONE-1', marketoGUID: expect.any(String) },
		]);
	});
});
