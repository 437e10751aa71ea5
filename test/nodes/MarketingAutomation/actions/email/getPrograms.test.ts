import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation: emails, programs and landing pages', () => {
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

	it('Get Content returns the sections of the chosen version', async () => {
		const result = await env.run({
			resource: 'email',
			operation: 'getContent',
			email: { mode: 'id', value: '4001' },
			status: 'draft',
		});
		expect(sim().calls[0]).toMatchObject({
			method: 'GET',
			path: '/rest/asset/v1/email/4001/content.json',
			query: { status: 'draft' },
		});
		expect(result.json()).toEqual([
			{
				id: 4001,
				status: 'draft',
				sections: expect.arrayContaining([
					expect.objectContaining({ htmlId: 'body', value: '<p>November news (edited) body</p>' }),
				]),
			},
		]);
	});

	it('Get by Name finds an email, and answers found: false (or fails on request) when none matches', async () => {
		const found = await env.run({
			resource: 'email',
			operation: 'getByName',
			name: 'Welcome Email',
			options: { status: 'approved', folderId: 15 },
		});
		expect(sim().calls[0].query).toEqual({
			name: 'Welcome Email',
			status: 'approved',
			folder: '{"id":15,"type":"Folder"}',
		});
		expect(found.json()[0]).toMatchObject({ id: 4002, name: 'Welcome Email' });
		const none = await env.run({
			resource: 'email',
			operation: 'getByName',
			name: 'Nope',
			options: {},
		});
		expect(outputOf(none)).toEqual([
			{ json: { found: false, name: 'Nope' }, pairedItem: { item: 0 } },
		]);
		const strict = await env.run({
			resource: 'email',
			operation: 'getByName',
			name: 'Nope',
			options: { errorOnNoMatch: true },
		});
		expect(strict.error?.message).toBe('No email named "Nope"');
	});

	it('Approve Draft posts form-encoded with no fields; approving again fails with 709', async () => {
		const result = await env.run({
			resource: 'email',
			operation: 'approveDraft',
			email: { mode: 'id', value: '4003' },
		});
		expect(result.error).toBeUndefined();
		expect(sim().calls[0]).toMatchObject({
			method: 'POST',
			path: '/rest/asset/v1/email/4003/approveDraft.json',
			contentType: 'application/x-www-form-urlencoded',
		});
		expect(outputOf(result)).toEqual([
			{ json: { id: 4003, approved: true }, pairedItem: { item: 0 } },
		]);
		const again = await env.run({
			resource: 'email',
			operation: 'approveDraft',
			email: { mode: 'id', value: '4003' },
		});
		expect(again.error?.message).toBe(
			'The service refused the call (709): Cannot approve: the email has no draft',
		);
		expect(sim().callsTo('POST', '/rest/asset/v1/email/4003/approveDraft.json')).toHaveLength(2);
	});

	it('Program statistics are computed from the membership pages', async () => {
		const result = await env.run({
			resource: 'program',
			operation: 'getStatistics',
			program: { mode: 'id', value: '3003' },
		});
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			['GET', '/rest/asset/v1/program/3003.json', {}],
			['GET', '/rest/v1/leads/programs/3003.json', { fields: 'id', batchSize: '300' }],
		]);
		expect(outputOf(result)).toEqual([
			{
				json: {
					programId: 3003,
					programName: 'Product Webinar',
					programType: 'Event with Webinar',
					channel: 'Webinar',
					members: 25,
					reachedSuccess: 9,
					successRate: 0.36,
					acquiredByProgram: 5,
					exhausted: 0,
					byProgressionStatus: { Attended: 9, 'No Show': 8, Registered: 8 },
					firstMembershipDate: '2026-10-01T00:00:00Z',
					lastMembershipDate: '2026-10-25T00:00:00Z',
				},
				pairedItem: { item: 0 },
			},
		]);
	});

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
