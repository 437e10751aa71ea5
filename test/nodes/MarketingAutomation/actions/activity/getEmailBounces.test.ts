import { useMarketing } from '../../helpers';

describe('Marketing Automation: Activity → Get Email Bounces', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	const bounces = (extra = {}) => ({
		resource: 'activity',
		operation: 'getEmailBounces',
		sinceDatetime: '2026-11-01T00:00:00Z',
		returnAll: true,
		options: {},
		...extra,
	});

	it('Get Email Bounces reads type 8 through every page, tolerating empty pages', async () => {
		const result = await env.run(bounces());
		expect(result.error).toBeUndefined();
		const pages = sim().callsTo('GET', '/rest/v1/activities.json');
		// The simulator scans 300 activities per call, like the service's blocks.
		expect(pages.length).toBe(Math.ceil(sim().activities.length / 300));
		expect(pages.length).toBeGreaterThanOrEqual(3);
		for (const page of pages)
			expect(page.query).toEqual({
				activityTypeIds: '8',
				nextPageToken: expect.any(String),
				batchSize: '300',
			});
		const expected = sim()
			.activities.filter((a) => a.activityTypeId === 8)
			.map((a) => a.id);
		expect(result.json().map((a) => a.id)).toEqual(expected);
		expect(result.output()[0].pairedItem).toEqual({ item: 0 });
	});

	it('continues past empty pages while moreResult is true', async () => {
		const result = await env.run(bounces({ options: { leadIds: '59' } }));
		const pages = sim().callsTo('GET', '/rest/v1/activities.json');
		expect(pages.length).toBe(Math.ceil(sim().activities.length / 300));
		expect(pages.some((p) => p.resultCount === 0)).toBe(true);
		expect(pages[pages.length - 1].resultCount).toBeGreaterThanOrEqual(0);
		expect(pages[0].query.leadIds).toBe('59');
		const expected = sim().activities.filter((a) => a.activityTypeId === 8 && a.leadId === 59);
		expect(result.json()).toHaveLength(expected.length);
	});

	it('adds soft bounces (27) on request, and stops at the Limit', async () => {
		const result = await env.run(
			bounces({ returnAll: false, limit: 3, options: { includeSoftBounces: true } }),
		);
		const pages = sim().callsTo('GET', '/rest/v1/activities.json');
		expect(pages[0].query.activityTypeIds).toBe('8,27');
		expect(result.json()).toHaveLength(3);
		const expected = sim()
			.activities.filter((a) => a.activityTypeId === 8 || a.activityTypeId === 27)
			.slice(0, 3);
		expect(result.json().map((a) => a.id)).toEqual(expected.map((a) => a.id));
		expect(pages.length).toBeLessThan(4);
	});
});
