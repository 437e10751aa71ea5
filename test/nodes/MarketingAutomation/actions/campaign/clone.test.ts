import { outputOf, useMarketing } from '../../helpers';

const clone = (extra: Record<string, unknown> = {}) => ({
	resource: 'campaign',
	operation: 'clone',
	campaign: { __rl: true, mode: 'list', value: '2002' },
	name: 'December follow-up',
	folder: { __rl: true, mode: 'list', value: 'Program:3003' },
	additionalFields: { description: 'For December' },
	...extra,
});

describe('Marketing Automation v2: Campaign → Clone', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('posts name, folder (JSON) and description form-encoded; the clone is inactive', async () => {
		const result = await env.run(clone(), { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.contentType, c.rawBody])).toEqual([
			[
				'POST',
				'/rest/asset/v1/smartCampaign/2002/clone.json',
				'application/x-www-form-urlencoded',
				'name=December+follow-up&folder=%7B%22id%22%3A3003%2C%22type%22%3A%22Program%22%7D&description=For+December',
			],
		]);
		const [item] = outputOf(result);
		expect(item.json).toMatchObject({
			id: 2501,
			name: 'December follow-up',
			description: 'For December',
			isActive: false,
			parentProgramId: 3003,
		});
		expect(sim().campaigns.get(2501)?.name).toBe('December follow-up');
	});

	it('a cut-off answer is not repeated and says to look the campaign up by name', async () => {
		sim().inject('truncated', { path: '/rest/asset/v1/smartCampaign/2002/clone.json' });
		const result = await env.run(clone({ name: 'January follow-up' }), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			'Cloning campaign 2002 as "January follow-up" may have run; it was not sent again',
		);
		expect(result.error?.description).toContain(
			'Look the campaign up with Campaign → Get by Name ("January follow-up")',
		);
		expect(sim().callsTo('POST', '/rest/asset/v1/smartCampaign/2002/clone.json')).toHaveLength(1);
	});

	it('a missing folder is a 710; a long description is refused before any call', async () => {
		const missing = await env.run(clone({ folder: { __rl: true, mode: 'id', value: '999' } }), {
			typeVersion: 2,
		});
		expect(missing.error?.message).toBe('The folder was not found (710)');
		sim().resetCounters();
		const long = await env.run(clone({ additionalFields: { description: 'd'.repeat(2001) } }), {
			typeVersion: 2,
		});
		expect(long.error?.message).toBe(
			'The description of item 0 is longer than 2000 characters (2001)',
		);
		expect(sim().calls).toHaveLength(0);
	});
});
