import { useMarketing } from '../../helpers';
import { ALL_CAMPAIGNS } from '../../../../harness/marketing';

describe('Marketing Automation: Campaign → Get Many', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Get Many follows nextPageToken across three pages and stops when it is absent', async () => {
		sim().addCampaigns(650);
		const result = await env.run(ALL_CAMPAIGNS);
		expect(result.error).toBeUndefined();
		const calls = sim().calls;
		expect(calls.map((c) => c.query)).toEqual([
			{ batchSize: '300' },
			{ batchSize: '300', nextPageToken: expect.any(String) },
			{ batchSize: '300', nextPageToken: expect.any(String) },
		]);
		expect(result.json()).toHaveLength(654);
		expect(result.json()[0]).toEqual({
			id: 2001,
			name: 'Welcome flow',
			description: '',
			type: 'trigger',
			programId: 3002,
			programName: 'Onboarding',
			workspaceName: 'Default',
			active: true,
			createdAt: '2026-10-01T00:00:00Z',
			updatedAt: '2026-10-15T00:00:00Z',
		});
		expect(result.output().every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(
			true,
		);
	});

	it('Get Many with a Limit and filters makes one call of that size', async () => {
		const result = await env.run({
			resource: 'campaign',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
			filters: { isTriggerable: true, programName: 'Onboarding,Product Webinar' },
		});
		expect(sim().calls.map((c) => [c.path, c.query])).toEqual([
			[
				'/rest/v1/campaigns.json',
				{ batchSize: '2', isTriggerable: 'true', programName: 'Onboarding,Product Webinar' },
			],
		]);
		expect(result.json().map((c) => c.id)).toEqual([2001, 2002]);
	});
});
