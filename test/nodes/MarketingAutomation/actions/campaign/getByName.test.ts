import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Campaign → Get by Name', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('gets the smart campaign of that exact name', async () => {
		const result = await env.run(
			{ resource: 'campaign', operation: 'getByName', name: 'Webinar follow-up' },
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			['GET', '/rest/asset/v1/smartCampaign/byName.json', { name: 'Webinar follow-up' }],
		]);
		const [item] = outputOf(result);
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(item.json).toMatchObject({ id: 2002, name: 'Webinar follow-up', parentProgramId: 3003 });
	});

	it('no campaign of that name is an error that says names match exactly', async () => {
		const result = await env.run(
			{ resource: 'campaign', operation: 'getByName', name: 'webinar follow-up' },
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe('No campaign named "webinar follow-up" was found');
		expect(result.error?.description).toBe(
			'Names must match exactly, case included. Look for it with Campaign → Get Many (filter by name or program).',
		);
	});
});
