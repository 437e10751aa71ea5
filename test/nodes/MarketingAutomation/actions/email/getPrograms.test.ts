import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation: Email → Get Many Email Programs', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Get Many Email Programs pages by offset (200) and keeps type Email only', async () => {
		for (let i = 0; i < 420; i++) {
			sim().programs.push({
				id: 7000 + i,
				name: `Bulk ${i}`,
				type: i % 2 === 0 ? 'email' : 'Default',
				status: '',
			});
		}
		const result = await env.run({
			resource: 'email',
			operation: 'getPrograms',
			returnAll: true,
			filters: {},
		});
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			['GET', '/rest/asset/v1/programs.json', { maxReturn: '200', offset: '0' }],
			['GET', '/rest/asset/v1/programs.json', { maxReturn: '200', offset: '200' }],
			['GET', '/rest/asset/v1/programs.json', { maxReturn: '200', offset: '400' }],
		]);
		const ids = result.json().map((p) => p.id);
		expect(ids.slice(0, 2)).toEqual([3001, 3005]);
		expect(ids).toHaveLength(2 + 210);
		expect(result.json().every((p) => String(p.type).toLowerCase() === 'email')).toBe(true);
		sim().programs.splice(6);
	});

	it('Get Many Email Programs with a Limit stops after the page that reached it', async () => {
		const result = await env.run({
			resource: 'email',
			operation: 'getPrograms',
			returnAll: false,
			limit: 1,
			filters: { status: 'unlocked' },
		});
		expect(sim().calls.map((c) => c.query)).toEqual([
			{ status: 'unlocked', maxReturn: '200', offset: '0' },
		]);
		expect(outputOf(result)).toEqual([
			{
				json: expect.objectContaining({ id: 3001, name: 'November Newsletter' }),
				pairedItem: { item: 0 },
			},
		]);
	});
});
