import { useMarketing } from '../../helpers';

describe('Marketing Automation: Lead → Get Changes', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('reads lead changes from the paging token across several pages while moreResult is true', async () => {
		const result = await env.run({
			resource: 'lead',
			operation: 'getChanges',
			sinceDatetime: '2026-11-01T00:00:00Z',
			changeFields: ['title'],
			returnAll: true,
			options: {},
		});
		expect(result.error).toBeUndefined();
		const calls = sim().calls;
		expect(calls[0]).toMatchObject({
			method: 'GET',
			path: '/rest/v1/activities/pagingtoken.json',
			query: { sinceDatetime: '2026-11-01T00:00:00Z' },
		});
		const pages = calls.slice(1);
		expect(pages.length).toBeGreaterThanOrEqual(3);
		for (const page of pages) {
			expect(page).toMatchObject({ method: 'GET', path: '/rest/v1/activities/leadchanges.json' });
			expect(page.query).toEqual({
				fields: 'title',
				nextPageToken: expect.any(String),
				batchSize: '300',
			});
		}
		expect(pages[1].query.nextPageToken).not.toBe(pages[0].query.nextPageToken);
		const expected = sim()
			.activities.filter(
				(a) =>
					a.activityTypeId === 12 ||
					(a.activityTypeId === 13 && (a.fields as Array<{ name: string }>)[0].name === 'title'),
			)
			.map((a) => a.id);
		expect(result.json().map((a) => a.id)).toEqual(expected);
		expect(result.output()[0].pairedItem).toEqual({ item: 0 });
	});
});
