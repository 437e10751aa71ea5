import { useMarketing } from '../../helpers';

describe('Marketing Automation: Activity → Get Lead Changes', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Get Lead Changes under Activity uses the lead-changes endpoint', async () => {
		const result = await env.run({
			resource: 'activity',
			operation: 'getLeadChanges',
			sinceDatetime: '2026-11-08T00:00:00Z',
			changeFields: ['leadScore'],
			returnAll: false,
			limit: 2,
			options: { listId: 1001 },
		});
		expect(result.error).toBeUndefined();
		const call = sim().callsTo('GET', '/rest/v1/activities/leadchanges.json')[0];
		expect(call.query).toEqual({
			fields: 'leadScore',
			listId: '1001',
			nextPageToken: expect.any(String),
			batchSize: '300',
		});
		expect(result.json()).toHaveLength(2);
		const expected = sim()
			.activities.filter(
				(a) =>
					String(a.activityDate) >= '2026-11-08T00:00:00Z' &&
					sim().lists.get(1001)?.members.has(Number(a.leadId)) &&
					(a.activityTypeId === 12 ||
						(a.activityTypeId === 13 &&
							(a.fields as Array<{ name: string }>)[0].name === 'leadScore')),
			)
			.slice(0, 2);
		expect(result.json().map((a) => a.id)).toEqual(expected.map((a) => a.id));
	});
});
