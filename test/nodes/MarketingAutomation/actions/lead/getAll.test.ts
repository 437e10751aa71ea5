import { outputOf, useMarketing } from '../../helpers';
import { LEAD_UPSERT_BY_EMAIL, leadLookupByEmail } from '../../../../harness/marketing';

describe('Marketing Automation: leads', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	describe('Get Many by filter', () => {
		it('combines the values of all items into one call and pairs each lead with the item that asked', async () => {
			const result = await env.run(
				leadLookupByEmail({ fields: ['email', 'firstName'] }, '={{ $json.emails }}'),
				{
					items: [
						{ emails: 'lead2@example.com, LEAD3@example.com' },
						{ emails: 'lead5@example.com' },
					],
				},
			);
			expect(result.error).toBeUndefined();
			const calls = sim().calls;
			expect(calls).toHaveLength(1);
			expect(calls[0]).toMatchObject({
				method: 'GET',
				path: '/rest/v1/leads.json',
				query: {
					filterType: 'email',
					filterValues: 'lead2@example.com,LEAD3@example.com,lead5@example.com',
					fields: 'email,firstName',
					batchSize: '300',
				},
			});
			expect(outputOf(result)).toEqual([
				{ json: { email: 'lead2@example.com', firstName: 'Chloe' }, pairedItem: { item: 0 } },
				{ json: { email: 'lead3@example.com', firstName: 'Dev' }, pairedItem: { item: 0 } },
				{ json: { email: 'lead5@example.com', firstName: 'Farid' }, pairedItem: { item: 1 } },
			]);
		});

		it('splits 650 values into calls of 300, 300 and 50', async () => {
			const emails = Array.from({ length: 650 }, (_v, i) => `lead${i + 1}@example.com`);
			const result = await env.run(leadLookupByEmail({ includeNotFound: true }), {
				items: emails.map((email) => ({ email })),
			});
			expect(result.error).toBeUndefined();
			const calls = sim().callsTo('GET', '/rest/v1/leads.json');
			expect(calls.map((c) => String(c.query.filterValues).split(',').length)).toEqual([
				300, 300, 50,
			]);
			expect(calls[2].query.filterValues).toBe(emails.slice(600).join(','));
			const out = outputOf(result);
			expect(out).toHaveLength(650);
			expect(out[0]).toEqual({
				json: expect.objectContaining({ id: 1, email: 'lead1@example.com' }),
				pairedItem: { item: 0 },
			});
			expect(out[649]).toEqual({
				json: { found: false, email: 'lead650@example.com' },
				pairedItem: { item: 649 },
			});
		});

		it('switches to POST with _method=GET when the URL would pass 8 KB', async () => {
			const emails = Array.from(
				{ length: 290 },
				(_v, i) => `a-rather-long-mailbox-name-number-${i}@subdomain.example.com`,
			);
			emails.push('lead7@example.com');
			const result = await env.run({
				resource: 'lead',
				operation: 'getAll',
				filterType: 'email',
				filterValues: emails.join('\n'),
				returnAll: true,
				options: {},
			});
			expect(result.error).toBeUndefined();
			const calls = sim().calls;
			expect(calls).toHaveLength(1);
			expect(calls[0].method).toBe('POST');
			expect(calls[0].query).toEqual({ _method: 'GET' });
			expect(calls[0].contentType).toBe('application/x-www-form-urlencoded');
			expect(calls[0].body).toEqual({
				filterType: 'email',
				filterValues: emails.join(','),
				fields: 'id,email,updatedAt,createdAt,firstName,lastName',
				batchSize: '300',
			});
			expect(result.json()).toEqual([
				expect.objectContaining({ id: 7, email: 'lead7@example.com' }),
			]);
		});

		it('rejects an invalid e-mail before any call, naming the item', async () => {
			const result = await env.run(leadLookupByEmail(), {
				items: [{ email: 'lead1@example.com' }, { email: 'not-an-address' }],
			});
			expect(result.error?.message).toBe(
				'"not-an-address" in Filter Values of item 1 is not a valid email address',
			);
			expect(sim().calls).toHaveLength(0);
			expect(sim().identityCalls).toHaveLength(0);
		});

		it('stops paging at the Limit', async () => {
			const result = await env.run({
				resource: 'lead',
				operation: 'getAll',
				filterType: 'id',
				filterValues: Array.from({ length: 40 }, (_v, i) => i + 1).join(','),
				returnAll: false,
				limit: 5,
				options: {},
			});
			expect(result.json().map((j) => j.id)).toEqual([1, 2, 3, 4, 5]);
			expect(sim().calls.map((c) => c.query.batchSize)).toEqual(['5']);
		});
	});

	describe('Create or Update', () => {
		it('upserts 650 items as 300 + 300 + 50 and gives each item its own status', async () => {
			const items = Array.from({ length: 650 }, (_v, i) => ({
				email: i < 10 ? `lead${i + 1}@example.com` : `new${i}@example.org`,
				firstName: `First${i}`,
				...(i === 20 ? { bogusField: 'x' } : {}),
			}));
			const result = await env.run(LEAD_UPSERT_BY_EMAIL, { items });
			expect(result.error).toBeUndefined();
			const calls = sim().callsTo('POST', '/rest/v1/leads.json');
			expect(calls.map((c) => (c.body as { input: unknown[] }).input.length)).toEqual([
				300, 300, 50,
			]);
			expect(calls[0].contentType).toBe('application/json');
			expect(calls[0].body).toEqual({
				action: 'createOrUpdate',
				lookupField: 'email',
				input: items.slice(0, 300),
			});
			const out = outputOf(result);
			expect(out).toHaveLength(650);
			expect(out[0]).toEqual({
				json: { status: 'updated', id: 1, email: 'lead1@example.com' },
				pairedItem: { item: 0 },
			});
			expect(out[20]).toEqual({
				json: {
					status: 'skipped',
					email: 'new20@example.org',
					reasons: [{ code: '1006', message: "Field 'bogusField' not found" }],
				},
				pairedItem: { item: 20 },
			});
			const created = out[649].json;
			expect(created).toEqual({
				status: 'created',
				id: expect.any(Number),
				email: 'new649@example.org',
			});
			expect(out[649].pairedItem).toEqual({ item: 649 });
			expect(out.filter((o) => o.json.status === 'created')).toHaveLength(639);
		});

		it('sends Define Below fields, the action and the partition; createOnly reports skipped duplicates', async () => {
			const result = await env.run(
				{
					resource: 'lead',
					operation: 'createOrUpdate',
					syncAction: 'createOnly',
					lookupField: 'email',
					dataMode: 'define',
					leadFields: {
						field: [
							{ name: 'email', value: '={{ $json.mail }}' },
							{ name: 'company', value: 'Initech' },
						],
					},
					additionalFields: { partitionName: 'Default' },
				},
				{ items: [{ mail: 'lead4@example.com' }, { mail: 'fresh@example.net' }] },
			);
			expect(result.error).toBeUndefined();
			expect(sim().calls[0].body).toEqual({
				action: 'createOnly',
				lookupField: 'email',
				partitionName: 'Default',
				input: [
					{ email: 'lead4@example.com', company: 'Initech' },
					{ email: 'fresh@example.net', company: 'Initech' },
				],
			});
			expect(outputOf(result)).toEqual([
				{
					json: {
						status: 'skipped',
						id: 4,
						email: 'lead4@example.com',
						reasons: [{ code: '1005', message: 'Lead already exists' }],
					},
					pairedItem: { item: 0 },
				},
				{
					json: { status: 'created', id: expect.any(Number), email: 'fresh@example.net' },
					pairedItem: { item: 1 },
				},
			]);
		});

		it('rejects an item without the lookup value before any call; Continue On Fail keeps the others', async () => {
			const params = LEAD_UPSERT_BY_EMAIL;
			const items = [{ email: 'ok@example.com' }, { firstName: 'No mail' }];
			const failed = await env.run(params, { items });
			expect(failed.error?.message).toBe('Item 1 has no value for the lookup field "email"');
			expect(sim().calls).toHaveLength(0);
			const kept = await env.run(params, { items, continueOnFail: true });
			expect(outputOf(kept)).toEqual([
				{
					json: {
						status: expect.stringMatching(/created|updated/),
						id: expect.any(Number),
						email: 'ok@example.com',
					},
					pairedItem: { item: 0 },
				},
				{
					json: {
						error: 'Item 1 has no value for the lookup field "email"',
						description: 'Add a "email" field to the lead data.',
					},
					pairedItem: { item: 1 },
				},
			]);
			expect(sim().calls).toHaveLength(1);
			expect((sim().calls[0].body as { input: unknown[] }).input).toEqual([
				{ email: 'ok@example.com' },
			]);
		});
	});

	describe('Get Changes', () => {
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
});
