import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation: Campaign → Schedule', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Schedule sends runAt with offset, the clone program name and tokens', async () => {
		const result = await env.run({
			resource: 'campaign',
			operation: 'schedule',
			campaign: { mode: 'id', value: '2003' },
			additionalFields: {
				runAt: '2026-12-01T09:30:00Z',
				cloneToProgramName: 'December Newsletter',
			},
			tokens: { token: [{ name: 'month', value: 'December' }] },
		});
		expect(result.error).toBeUndefined();
		expect(sim().calls[0]).toMatchObject({
			method: 'POST',
			path: '/rest/v1/campaigns/2003/schedule.json',
			body: {
				input: {
					runAt: '2026-12-01T09:30:00Z',
					cloneToProgramName: 'December Newsletter',
					tokens: [{ name: '{{my.month}}', value: 'December' }],
				},
			},
		});
		expect(outputOf(result)).toEqual([
			{
				json: {
					campaignId: 2003,
					scheduled: true,
					runAt: '2026-12-01T09:30:00Z',
					cloneToProgramName: 'December Newsletter',
					tokens: [{ name: '{{my.month}}', value: 'December' }],
					result: { id: 2003 },
				},
				pairedItem: { item: 0 },
			},
		]);
	});
});
