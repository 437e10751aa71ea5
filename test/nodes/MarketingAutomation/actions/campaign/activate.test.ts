import { useMarketing } from '../../helpers';

const activate = (value: string) => ({
	resource: 'campaign',
	operation: 'activate',
	campaign: { __rl: true, mode: 'id', value },
});

describe('Marketing Automation v2: Campaign → Activate', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('activates a trigger campaign with an empty POST to the asset API', async () => {
		const result = await env.run(activate('2004'), { typeVersion: 2 });
		expect(sim().calls.map((c) => [c.method, c.path, c.contentType, c.body])).toEqual([
			['POST', '/rest/asset/v1/smartCampaign/2004/activate.json', undefined, undefined],
		]);
		expect(result.json()).toEqual([{ id: 2004, active: true }]);
		expect(sim().campaigns.get(2004)?.active).toBe(true);
	});

	it('a batch campaign is refused (709) with the hint to schedule it', async () => {
		const result = await env.run(activate('2003'), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			'Campaign 2003 cannot be activated (709): only trigger campaigns can be; a batch campaign runs when scheduled',
		);
		expect(result.error?.description).toMatch(/^Run a batch campaign with Campaign → Schedule\./);
	});

	it("explains a trigger campaign's 709 by the service's reason, not as a batch campaign", async () => {
		const campaign = sim().campaigns.get(2004)!;
		Object.assign(campaign, { active: false, flowSteps: 0 });
		const result = await env.run(activate('2004'), { typeVersion: 2 });
		delete campaign.flowSteps;
		expect(result.error?.message).toBe(
			'Campaign 2004 cannot be activated (709): Smart campaign cannot be activated: it needs at least one trigger and one flow step',
		);
		expect(result.error?.description).toMatch(
			/^A trigger campaign is activated only when its smart list has at least one trigger and its flow at least one step, without errors: complete the campaign in the service \(its Smart List and Flow tabs\), then run the node again\. The service answered error 709 to POST \/rest\/asset\/v1\/smartCampaign\/2004\/activate\.json/,
		);
		expect(sim().campaigns.get(2004)?.active).toBe(false);
	});

	it('refuses a campaign ID that is not a number before any call', async () => {
		const result = await env.run(activate('={{ $json.id }}'), {
			items: [{ id: 2001 }, { id: 'abc' }],
			typeVersion: 2,
		});
		expect(result.error?.message).toBe(
			'The campaign ID "abc" in item 1 is not a positive whole number',
		);
		expect(sim().calls).toEqual([]);
	});
});
