import { useMarketing } from '../../helpers';

describe('Marketing Automation v2: Lead → Describe', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('one item per field with its REST and SOAP names, type and whether it is read-only', async () => {
		const result = await env.run(
			{ resource: 'lead', operation: 'describe', simplify: true },
			{ typeVersion: 2 },
		);
		expect(sim().calls.map((c) => [c.method, c.path])).toEqual([
			['GET', '/rest/v1/leads/describe.json'],
		]);
		expect(result.json()).toHaveLength(sim().fields.length);
		expect(result.json().slice(0, 2)).toEqual([
			{ name: 'id', displayName: 'Id', dataType: 'integer', readOnly: true, soapName: 'Id' },
			{
				name: 'email',
				displayName: 'Email Address',
				dataType: 'email',
				readOnly: false,
				length: 255,
				soapName: 'Email',
			},
		]);
	});

	it('raw: the service’s records', async () => {
		const result = await env.run(
			{ resource: 'lead', operation: 'describe', simplify: false },
			{ typeVersion: 2 },
		);
		expect(result.json()[1]).toEqual({
			id: 2,
			displayName: 'Email Address',
			dataType: 'email',
			length: 255,
			rest: { name: 'email', readOnly: false },
			soap: { name: 'Email', readOnly: false },
		});
	});
});
