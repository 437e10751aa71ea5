import { useMarketing } from '../../helpers';

describe('Marketing Automation: Landing Page → Get Statistics', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Landing page statistics count visits (type 1, assetIds) and form fills (type 2, Webpage ID)', async () => {
		const since = '2026-11-02T00:00:00Z';
		const until = '2026-11-07T00:00:00Z';
		const result = await env.run({
			resource: 'landingPage',
			operation: 'getStatistics',
			landingPageId: '5001',
			sinceDatetime: since,
			options: { untilDatetime: until },
		});
		expect(result.error).toBeUndefined();
		const inRange = (a: { activityDate?: unknown }) =>
			String(a.activityDate) >= since && String(a.activityDate) <= until;
		const visits = sim().activities.filter(
			(a) => a.activityTypeId === 1 && a.primaryAttributeValueId === 5001 && inRange(a),
		);
		const fills = sim().activities.filter(
			(a) =>
				a.activityTypeId === 2 &&
				(a.attributes as Array<{ name: string; value: unknown }>).some(
					(x) => x.name === 'Webpage ID' && x.value === 5001,
				) &&
				inRange(a),
		);
		expect(visits.length).toBeGreaterThan(0);
		expect(fills.length).toBeGreaterThan(0);
		const visitors = new Set(visits.map((a) => a.leadId)).size;
		const fillers = new Set(fills.map((a) => a.leadId)).size;
		expect(result.json()).toEqual([
			{
				landingPageId: 5001,
				since,
				until,
				visits: visits.length,
				uniqueVisitors: visitors,
				formFills: fills.length,
				uniqueFormFillers: fillers,
				conversionRate: Math.round((fillers / visitors) * 10000) / 10000,
			},
		]);
		const visitCalls = sim()
			.callsTo('GET', '/rest/v1/activities.json')
			.filter((c) => c.query.activityTypeIds === '1');
		expect(visitCalls[0].query).toEqual({
			activityTypeIds: '1',
			assetIds: '5001',
			nextPageToken: expect.any(String),
			batchSize: '300',
		});
		const fillCalls = sim()
			.callsTo('GET', '/rest/v1/activities.json')
			.filter((c) => c.query.activityTypeIds === '2');
		expect(fillCalls[0].query).toEqual({
			activityTypeIds: '2',
			nextPageToken: expect.any(String),
			batchSize: '300',
		});
		expect(
			sim()
				.callsTo('GET', '/rest/v1/activities/pagingtoken.json')
				.map((c) => c.query),
		).toEqual([{ sinceDatetime: since }, { sinceDatetime: since }]);
	});
});
