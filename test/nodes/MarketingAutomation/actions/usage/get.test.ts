import { onFixedClock } from '../../../../harness/clock';
import { useMarketing } from '../../helpers';

describe('Marketing Automation v2: Usage → Get', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it("today: the day's total and calls per API user", async () => {
		const result = await onFixedClock(
			Date.UTC(2026, 10, 25, 20, 0),
			async () =>
				await env.run({ resource: 'usage', operation: 'get', period: 'today' }, { typeVersion: 2 }),
		);
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			['GET', '/rest/v1/stats/usage.json', {}],
		]);
		expect(result.json()).toEqual([
			{
				date: '2026-11-25',
				total: 1,
				users: [
					{ userId: 'api-user@example.com', count: 1 },
					{ userId: 'sync-user@example.com', count: 0 },
				],
			},
		]);
	});

	it('last 7 days: one item per day', async () => {
		const result = await env.run(
			{ resource: 'usage', operation: 'get', period: 'last7Days' },
			{ typeVersion: 2 },
		);
		expect(sim().calls.map((c) => c.path)).toEqual(['/rest/v1/stats/usage/last7days.json']);
		expect(result.json()).toHaveLength(7);
		expect(result.json()[1]).toMatchObject({ total: 1111 });
	});
});
