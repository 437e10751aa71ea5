import { outputOf, useMarketing } from '../../helpers';

const getAll = (extra: Record<string, unknown>) => ({
	resource: 'program',
	operation: 'getAll',
	filters: {},
	...extra,
});

describe('Marketing Automation v2: Program → Get Many', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Limit stops after the records it needs, in one call of at most 200', async () => {
		const result = await env.run(getAll({ returnAll: false, limit: 2 }), { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(outputOf(result).map((item) => [item.json.id, item.pairedItem])).toEqual([
			[3001, { item: 0 }],
			[3002, { item: 0 }],
		]);
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			['GET', '/rest/asset/v1/programs.json', { maxReturn: '200', offset: '0' }],
		]);
	});

	it('Return All reads pages of 200 by offset until a short page', async () => {
		for (let n = 0; n < 200; n++) {
			sim().programs.push({ id: 5000 + n, name: `Generated ${n}`, type: 'Default', status: '' });
		}
		const result = await env.run(getAll({ returnAll: true }), { typeVersion: 2 });
		expect(outputOf(result)).toHaveLength(206);
		expect(sim().calls.map((c) => c.query)).toEqual([
			{ maxReturn: '200', offset: '0' },
			{ maxReturn: '200', offset: '200' },
		]);
		sim().programs.splice(6);
	});

	it('sends the status and update-time filters', async () => {
		const result = await env.run(
			getAll({
				returnAll: true,
				filters: {
					status: 'on',
					earliestUpdatedAt: '2026-09-01T00:00:00Z',
					latestUpdatedAt: '2026-12-01T00:00:00Z',
				},
			}),
			{ typeVersion: 2 },
		);
		expect(outputOf(result).map((item) => item.json.id)).toEqual([3004]);
		expect(sim().calls[0].query).toEqual({
			status: 'on',
			earliestUpdatedAt: '2026-09-01T00:00:00Z',
			latestUpdatedAt: '2026-12-01T00:00:00Z',
			maxReturn: '200',
			offset: '0',
		});
	});

	it('programs updated outside the range are not returned', async () => {
		const result = await env.run(
			getAll({
				returnAll: true,
				filters: {
					earliestUpdatedAt: '2026-10-02T00:00:00Z',
					latestUpdatedAt: '2026-12-01T00:00:00Z',
				},
			}),
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(outputOf(result)).toEqual([]);
		expect(sim().calls).toHaveLength(1);
	});
});
