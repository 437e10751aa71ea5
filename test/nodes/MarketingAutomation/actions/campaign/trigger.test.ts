import { outputOf, useMarketing } from '../../helpers';
import { triggerDemoCampaign } from '../../../../harness/marketing';
import { campaignNotRequestable, campaignNotRequestableDescription } from '../../messages';

describe('Marketing Automation: Campaign → Trigger', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

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
				error: campaignNotRequestable(campaignId, item),
				description: expect.stringMatching(
					campaignNotRequestableDescription(campaignId, serviceMessage),
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

	it('611 to a trigger with tokens says nested programs refuse tokens, after the retries', async () => {
		sim().inject('611', { path: '/rest/v1/campaigns/2001/trigger.json', times: 10 });
		const result = await env.run({
			resource: 'campaign',
			operation: 'trigger',
			campaign: { mode: 'id', value: '2001' },
			leadIds: '1',
			tokens: { token: [{ name: 'offer', value: 'Free trial' }] },
		});
		expect(result.error?.message).toBe(
			'The service failed with a system error (611) on a campaign run with tokens',
		);
		expect(result.error?.description).toMatch(
			/^The service answers 611 to tokens of a campaign whose program is nested in another program/,
		);
		expect(sim().callsTo('POST', '/rest/v1/campaigns/2001/trigger.json')).toHaveLength(5);
	});
});
