import { useMarketing } from '../../helpers';

const deactivate = (value: string) => ({
	resource: 'campaign',
	operation: 'deactivate',
	campaign: { __rl: true, mode: 'id', value },
});

describe('Marketing Automation v2: Campaign → Deactivate', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('deactivates a trigger campaign', async () => {
		const result = await env.run(deactivate('2001'), { typeVersion: 2 });
		expect(sim().calls.map((c) => c.path)).toEqual([
			'/rest/asset/v1/smartCampaign/2001/deactivate.json',
		]);
		expect(result.json()).toEqual([{ id: 2001, active: false }]);
		expect(sim().campaigns.get(2001)?.active).toBe(false);
	});

	it('a batch campaign is refused (709); a missing campaign is 702', async () => {
		const batch = await env.run(deactivate('2003'), { typeVersion: 2 });
		expect(batch.error?.message).toBe(
			'Campaign 2003 cannot be deactivated (709): only trigger campaigns can be; a batch campaign runs when scheduled',
		);
		const missing = await env.run(deactivate('7777'), { typeVersion: 2 });
		expect(missing.error?.message).toBe('No campaign with ID 7777 (702)');
	});
});
