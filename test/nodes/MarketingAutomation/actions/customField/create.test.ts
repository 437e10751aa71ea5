import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation: Custom Field → Create', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Custom Field Create batches items and reports each field’s status; bad API names fail first', async () => {
		const result = await env.run(
			{
				resource: 'customField',
				operation: 'create',
				displayName: '={{ $json.label }}',
				name: '={{ $json.api }}',
				dataType: 'string',
				additionalFields: { isHidden: false },
			},
			{
				items: [
					{ label: 'Preferred Region', api: 'preferredRegion' },
					{ label: 'Email again', api: 'email' },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls[0]).toMatchObject({
			method: 'POST',
			path: '/rest/v1/leads/schema/fields.json',
			body: {
				input: [
					{
						displayName: 'Preferred Region',
						name: 'preferredRegion',
						dataType: 'string',
						isHidden: false,
					},
					{ displayName: 'Email again', name: 'email', dataType: 'string', isHidden: false },
				],
			},
		});
		expect(outputOf(result)).toEqual([
			{ json: { name: 'preferredRegion', status: 'created' }, pairedItem: { item: 0 } },
			{
				json: {
					name: 'email',
					status: 'skipped',
					reasons: [{ code: '1017', message: 'Field already exists' }],
				},
				pairedItem: { item: 1 },
			},
		]);
		sim().resetCounters();
		const bad = await env.run({
			resource: 'customField',
			operation: 'create',
			displayName: 'X',
			name: '1bad-name',
			dataType: 'string',
			additionalFields: {},
		});
		expect(bad.error?.message).toBe('API Name "1bad-name" in item 0 is not allowed');
		expect(sim().calls).toHaveLength(0);
	});
});
