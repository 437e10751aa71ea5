import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation: Campaign → Get', () => {
	const env = useMarketing();

	it('Get returns the campaign; an unknown ID is a clear error', async () => {
		const result = await env.run({
			resource: 'campaign',
			operation: 'get',
			campaign: { mode: 'list', value: '2002' },
		});
		expect(outputOf(result)).toEqual([
			{
				json: expect.objectContaining({ id: 2002, name: 'Webinar follow-up' }),
				pairedItem: { item: 0 },
			},
		]);
		const missing = await env.run({
			resource: 'campaign',
			operation: 'get',
			campaign: { mode: 'id', value: '999' },
		});
		expect(missing.error?.message).toBe('No campaign with ID 999');
	});
});
