import { outputOf, useMarketing } from '../../helpers';
import { leadLookupByEmail } from '../../../../harness/marketing';

describe('Marketing Automation: Lead → Get Many by filter', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

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
		expect(result.json()).toEqual([expect.objectContaining({ id: 7, email: 'lead7@example.com' })]);
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

	it('reads the filter type and limit per item when they are expressions: one call per filter type', async () => {
		const result = await env.run(
			{
				resource: 'lead',
				operation: 'getAll',
				filterType: '={{ $json.by }}',
				filterValues: '={{ $json.values }}',
				returnAll: false,
				limit: '={{ $json.limit }}',
				options: { fields: ['firstName'] },
			},
			{
				items: [
					{ by: 'email', values: 'lead2@example.com, lead3@example.com', limit: 1 },
					{ by: 'id', values: '5', limit: 10 },
					{ by: 'email', values: 'LEAD3@example.com', limit: 10 },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => c.query)).toEqual([
			expect.objectContaining({
				filterType: 'email',
				filterValues: 'lead2@example.com,lead3@example.com',
				fields: 'firstName,email',
			}),
			expect.objectContaining({ filterType: 'id', filterValues: '5', fields: 'firstName,id' }),
		]);
		expect(outputOf(result)).toEqual([
			{ json: { email: 'lead2@example.com', firstName: 'Chloe' }, pairedItem: { item: 0 } },
			{ json: { id: 5, firstName: 'Farid' }, pairedItem: { item: 1 } },
			{ json: { email: 'lead3@example.com', firstName: 'Dev' }, pairedItem: { item: 2 } },
		]);
	});
});
