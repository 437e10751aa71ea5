import { outputOf, useMarketing } from '../../helpers';
import { apiCall } from '../../../../harness/marketing';

describe('Marketing Automation: activities, custom fields and API calls', () => {
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

	it('Custom Field Create batches items and reports each field’s status; bad API names fail first', async () => {
		const result = await env.run(
			{
				resource: 'customField',
				operation: 'create',
				displayName: '={{ $json.label }}',
				name: '={{ $json.api }}',
				dataType: 'string',
				additionalFields: { isHidden: false },
			},
			{
				items: [
					{ label: 'Preferred Region', api: 'preferredRegion' },
					{ label: 'Email again', api: 'email' },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls[0]).toMatchObject({
			method: 'POST',
			path: '/rest/v1/leads/schema/fields.json',
			body: {
				input: [
					{
						displayName: 'Preferred Region',
						name: 'preferredRegion',
						dataType: 'string',
						isHidden: false,
					},
					{ displayName: 'Email again', name: 'email', dataType: 'string', isHidden: false },
				],
			},
		});
		expect(outputOf(result)).toEqual([
			{ json: { name: 'preferredRegion', status: 'created' }, pairedItem: { item: 0 } },
			{
				json: {
					name: 'email',
					status: 'skipped',
					reasons: [{ code: '1017', message: 'Field already exists' }],
				},
				pairedItem: { item: 1 },
			},
		]);
		sim().resetCounters();
		const bad = await env.run({
			resource: 'customField',
			operation: 'create',
			displayName: 'X',
			name: '1bad-name',
			dataType: 'string',
			additionalFields: {},
		});
		expect(bad.error?.message).toBe('API Name "1bad-name" in item 0 is not allowed');
		expect(sim().calls).toHaveLength(0);
	});

	it('Custom Field Get Many pages the field list', async () => {
		const result = await env.run({
			resource: 'customField',
			operation: 'getAll',
			returnAll: false,
			limit: 4,
		});
		expect(sim().calls[0]).toMatchObject({
			path: '/rest/v1/leads/schema/fields.json',
			query: { batchSize: '4' },
		});
		expect(result.json().map((f) => f.name)).toEqual(['id', 'email', 'firstName', 'lastName']);
	});

	it('API Call sends a relative path with query and body, and follows pages on request', async () => {
		const get = await env.run(
			apiCall('GET', '/rest/v1/lists.json?programName=Onboarding', {
				queryParameters: { parameter: [{ name: 'batchSize', value: '1' }] },
				options: {},
			}),
		);
		expect(sim().calls[0]).toMatchObject({
			method: 'GET',
			path: '/rest/v1/lists.json',
			query: { programName: 'Onboarding', batchSize: '1' },
		});
		expect(get.json()[0]).toMatchObject({
			success: true,
			result: [expect.objectContaining({ id: 1003 })],
		});

		sim().resetCounters();
		const paged = await env.run(
			apiCall('GET', 'rest/v1/lists.json', {
				queryParameters: { parameter: [{ name: 'batchSize', value: '1' }] },
				options: { paginate: true },
			}),
		);
		expect(paged.json().map((l) => l.id)).toEqual([1001, 1002, 1003]);
		expect(sim().calls).toHaveLength(3);

		sim().resetCounters();
		const post = await env.run(
			apiCall('POST', '/rest/v1/lists/1003/leads.json', {
				bodyType: 'json',
				body: '{"input":[{"id":5}]}',
				queryParameters: {},
				options: {},
			}),
		);
		expect(sim().calls[0]).toMatchObject({
			method: 'POST',
			contentType: 'application/json',
			body: { input: [{ id: 5 }] },
		});
		expect(post.json()[0]).toMatchObject({ success: true, result: [{ id: 5, status: 'added' }] });
	});

	it.each([
		[
			'https://evil.example.com/rest/v1/leads.json',
			'Endpoint refused in item 0: The endpoint is an absolute URL or names another host; only a path is allowed',
		],
		[
			'//evil.example.com/rest/v1/leads.json',
			'Endpoint refused in item 0: The endpoint is an absolute URL or names another host; only a path is allowed',
		],
		[
			'/identity/oauth/token',
			'Endpoint refused in item 0: The endpoint must start with /rest/ or /bulk/',
		],
		[
			'/rest/../identity/oauth/token',
			'Endpoint refused in item 0: The endpoint contains a dot segment ("." or "..", in any encoding), an empty segment or an encoded slash, which could leave the service path',
		],
	])('API Call refuses %s before any call', async (endpoint, message) => {
		const result = await env.run(
			apiCall('GET', endpoint, {
				queryParameters: {},
				options: {},
			}),
		);
		expect(result.error?.message).toBe(message);
		expect(sim().calls).toHaveLength(0);
		expect(sim().identityCalls).toHaveLength(0);
	});
});
