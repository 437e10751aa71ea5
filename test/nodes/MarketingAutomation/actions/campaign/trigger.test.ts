import { outputOf, useMarketing } from '../../helpers';
import { triggerDemoCampaign } from '../../../../harness/marketing';

describe('Marketing Automation: campaigns', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Get Many follows nextPageToken across three pages and stops when it is absent', async () => {
		sim().addCampaigns(650);
		const result = await env.run({
			resource: 'campaign',
			operation: 'getAll',
			returnAll: true,
			filters: {},
		});
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

	it('Trigger combines the leads of all items, 100 per call, with the tokens, and answers per item', async () => {
		const before = sim().triggered.length;
		const items = Array.from({ length: 250 }, (_v, i) => ({ id: i + 1 }));
		const result = await env.run(
			{
				resource: 'campaign',
				operation: 'trigger',
				campaign: { mode: 'id', value: '2001' },
				leadIds: '={{ $json.id }}',
				tokens: {
					token: [
						{ name: 'offer', value: 'Free trial' },
						{ name: '{{my.code}}', value: 'X1' },
					],
				},
			},
			{ items },
		);
		expect(result.error).toBeUndefined();
		const calls = sim().callsTo('POST', '/rest/v1/campaigns/2001/trigger.json');
		expect(
			calls.map((c) => (c.body as { input: { leads: unknown[] } }).input.leads.length),
		).toEqual([100, 100, 50]);
		expect(calls[2].body).toEqual({
			input: {
				leads: Array.from({ length: 50 }, (_v, i) => ({ id: 201 + i })),
				tokens: [
					{ name: '{{my.offer}}', value: 'Free trial' },
					{ name: '{{my.code}}', value: 'X1' },
				],
			},
		});
		expect(calls[0].contentType).toBe('application/json');
		expect(sim().triggered.length - before).toBe(3);
		const out = outputOf(result);
		expect(out).toHaveLength(250);
		expect(out[249]).toEqual({
			json: { campaignId: 2001, leadIds: [250], triggered: true },
			pairedItem: { item: 249 },
		});
	});

	it('Trigger rejects a non-numeric lead ID before any call', async () => {
		const result = await env.run(triggerDemoCampaign('={{ $json.id }}'), {
			items: [{ id: 5 }, { id: 'abc' }],
		});
		expect(result.error?.message).toBe(
			'"abc" in Lead IDs of item 1 is not a positive whole number',
		);
		expect(sim().calls).toHaveLength(0);
	});

	it('Trigger on a batch or an inactive campaign says only active trigger campaigns can be requested', async () => {
		const result = await env.run(
			{ ...triggerDemoCampaign('1'), campaign: { mode: 'id', value: '={{ $json.campaign }}' } },
			{ items: [{ campaign: 2001 }, { campaign: 2003 }, { campaign: 2004 }], continueOnFail: true },
		);
		const refused = (campaignId: number, serviceMessage: string, item: number) => ({
			json: {
				error: `Campaign ${campaignId} cannot be requested (1003): only active trigger campaigns can be requested; use Schedule for batch campaigns [call ${item + 1} of 3, item ${item}; the items of the other calls have their own results]`,
				description: expect.stringMatching(
					new RegExp(
						`^Pick an active trigger campaign whose smart list has the "Campaign is Requested" \\(web service API\\) trigger, activate the campaign in the service, or run a batch campaign with Campaign → Schedule\\. The service answered error 1003 to POST /rest/v1/campaigns/${campaignId}/trigger\\.json \\(request [^)]+\\): ${serviceMessage}$`,
					),
				),
				requestId: expect.any(String),
			},
			pairedItem: { item },
		});
		expect(outputOf(result)).toEqual([
			{ json: { campaignId: 2001, leadIds: [1], triggered: true }, pairedItem: { item: 0 } },
			refused(2003, 'Campaign 2003 cannot be requested by the API', 1),
			refused(2004, 'Campaign 2004 cannot be requested by the API', 2),
		]);
		expect(
			sim()
				.calls.map((c) => `${c.method} ${c.path}`)
				.sort(),
		).toEqual([
			'POST /rest/v1/campaigns/2001/trigger.json',
			'POST /rest/v1/campaigns/2003/trigger.json',
			'POST /rest/v1/campaigns/2004/trigger.json',
		]);
	});

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
