import { outputOf, useMarketing } from '../../helpers';

const members = (parameters: Record<string, unknown>) => ({
	resource: 'programMember',
	operation: 'getAll',
	program: { mode: 'list', value: '3003' },
	returnAll: true,
	options: {},
	...parameters,
});

describe('Marketing Automation v2: Program Member → Get Many', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('by lead: members with the chosen fields (leadId always), a non-member gives found: false', async () => {
		const result = await env.run(
			members({ filterBy: 'leadId', leadIds: '2, 40, 2', options: { fields: ['statusName'] } }),
			{ typeVersion: 2 },
		);
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			[
				'GET',
				'/rest/v1/programs/3003/members.json',
				{
					filterType: 'leadId',
					filterValues: '2,40',
					fields: 'statusName,leadId',
					batchSize: '300',
				},
			],
		]);
		expect(outputOf(result)).toEqual([
			{ json: { statusName: 'No Show', leadId: 2 }, pairedItem: { item: 0 } },
			{ json: { found: false, leadId: 40 }, pairedItem: { item: 0 } },
		]);
	});

	it('by status with the service’s default fields', async () => {
		const result = await env.run(members({ filterBy: 'statusName', statusNames: 'Attended' }), {
			typeVersion: 2,
		});
		expect(sim().calls[0].query).toEqual({
			filterType: 'statusName',
			filterValues: 'Attended',
			batchSize: '300',
		});
		expect(result.json()[0]).toEqual({
			acquiredBy: false,
			leadId: 1,
			membershipDate: '2026-10-01T00:00:00Z',
			programId: 3003,
			reachedSuccess: true,
		});
		expect(result.json().map((j) => j.leadId)).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25]);
	});

	it('by updated date: a 20-day range is read in three windows of at most 7 days, each member once', async () => {
		const result = await env.run(
			members({
				filterBy: 'updatedAt',
				startAt: '2026-10-01T00:00:00Z',
				endAt: '2026-10-21T00:00:00Z',
			}),
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.query.startAt, c.query.endAt])).toEqual([
			['2026-10-01T00:00:00Z', '2026-10-08T00:00:00Z'],
			['2026-10-08T00:00:00Z', '2026-10-15T00:00:00Z'],
			['2026-10-15T00:00:00Z', '2026-10-21T00:00:00Z'],
		]);
		expect(result.json().map((j) => j.leadId)).toEqual(
			Array.from({ length: 21 }, (_v, i) => i + 1),
		);
	});

	it('the service refuses a range over 7 days (so the node never sends one)', async () => {
		const result = await env.run(
			{
				resource: 'apiCall',
				operation: 'send',
				method: 'GET',
				endpoint: '/rest/v1/programs/3003/members.json',
				queryParameters: {
					parameter: [
						{ name: 'filterType', value: 'updatedAt' },
						{ name: 'startAt', value: '2026-10-01T00:00:00Z' },
						{ name: 'endAt', value: '2026-10-09T00:00:00Z' },
					],
				},
			},
			{ typeVersion: 2 },
		);
		expect(sim().calls[0].code).toBe('1003');
		expect(result.error?.message).toMatch(/1003/);
	});

	it('by another field over the membership cap: the service’s 1003 says to use a bulk extract', async () => {
		sim().objects.memberQueryCap = 10;
		try {
			const result = await env.run(
				members({ filterBy: 'other', filterType: 'reachedSuccess', filterValues: 'true' }),
				{ typeVersion: 2 },
			);
			expect(result.error?.message).toBe(
				'The service refused the call (1003): Total membership size: 25 exceeds the limit allowed 10 for the filter type',
			);
			expect(result.error?.description).toMatch(
				/^Program 3003 has more members than a query by this field covers \(100,000\)\. Read them with Bulk Extract → Extract, Object Program Members \(it can filter by status\), or filter by Lead ID here\./,
			);
		} finally {
			sim().objects.memberQueryCap = 100_000;
		}
	});

	it('refuses before any call: a range that ends before it starts, a non-numeric lead', async () => {
		const backwards = await env.run(
			members({
				filterBy: 'updatedAt',
				startAt: '2026-10-09T00:00:00Z',
				endAt: '2026-10-01T00:00:00Z',
			}),
			{ typeVersion: 2 },
		);
		expect(backwards.error?.message).toBe(
			'Updated After (2026-10-09T00:00:00Z) is not before Updated Before (2026-10-01T00:00:00Z) in item 0',
		);
		const notNumeric = await env.run(members({ filterBy: 'leadId', leadIds: '1, x' }), {
			typeVersion: 2,
		});
		expect(notNumeric.error?.message).toBe(
			'"x" in Lead IDs of item 0 is not a positive whole number',
		);
		expect(sim().calls).toEqual([]);
	});
});
