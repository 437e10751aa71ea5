import { useMarketing } from '../../helpers';

describe('Marketing Automation: Activity → Get Email Opens', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Get Email Opens reads type 10 until Until', async () => {
		const result = await env.run({
			resource: 'activity',
			operation: 'getEmailOpens',
			sinceDatetime: '2026-11-03T00:00:00Z',
			returnAll: true,
			options: { untilDatetime: '2026-11-03T12:00:00Z' },
		});
		const expected = sim()
			.activities.filter(
				(a) =>
					a.activityTypeId === 10 &&
					String(a.activityDate) >= '2026-11-03T00:00:00Z' &&
					String(a.activityDate) <= '2026-11-03T12:00:00Z',
			)
			.map((a) => a.id);
		expect(expected.length).toBeGreaterThan(0);
		expect(result.json().map((a) => a.id)).toEqual(expected);
		expect(sim().callsTo('GET', '/rest/v1/activities.json')).toHaveLength(1);
	});
});
