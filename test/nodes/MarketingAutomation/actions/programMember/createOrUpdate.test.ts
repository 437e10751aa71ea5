import { useMarketing } from '../../helpers';

const write = (options: Record<string, unknown> = {}) => ({
	resource: 'programMember',
	operation: 'createOrUpdate',
	program: { mode: 'id', value: '3003' },
	leadId: '={{ $json.leadId }}',
	memberFields: {
		field: [
			{ name: 'ticketType', value: '={{ $json.ticket }}' },
			{ name: 'registrationCode', value: 'R-1' },
		],
	},
	options,
});

describe('Marketing Automation v2: Program Member → Create or Update', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('writes custom member fields, one member per item, 300 per call; a non-member is skipped (1013)', async () => {
		const result = await env.run(write(), {
			items: [
				{ leadId: 2, ticket: 'VIP' },
				{ leadId: 50, ticket: 'Standard' },
			],
			typeVersion: 2,
		});
		expect(sim().calls.map((c) => [c.method, c.path, c.body])).toEqual([
			[
				'POST',
				'/rest/v1/programs/3003/members.json',
				{
					input: [
						{ leadId: 2, ticketType: 'VIP', registrationCode: 'R-1' },
						{ leadId: 50, ticketType: 'Standard', registrationCode: 'R-1' },
					],
				},
			],
		]);
		expect(result.json()).toEqual([
			{ programId: 3003, leadId: 2, status: 'updated' },
			{
				programId: 3003,
				leadId: 50,
				status: 'skipped',
				reasons: [{ code: '1013', message: 'Membership not found' }],
			},
		]);
	});

	it('with a Status Name, the lead becomes a member first, then its fields are written', async () => {
		const result = await env.run(write({ statusName: 'Registered' }), {
			items: [{ leadId: 51, ticket: 'VIP' }],
			typeVersion: 2,
		});
		expect(sim().calls.map((c) => [c.path, c.body])).toEqual([
			[
				'/rest/v1/programs/3003/members/status.json',
				{ statusName: 'Registered', input: [{ leadId: 51 }] },
			],
			[
				'/rest/v1/programs/3003/members.json',
				{ input: [{ leadId: 51, ticketType: 'VIP', registrationCode: 'R-1' }] },
			],
		]);
		expect(result.json()).toEqual([
			{ programId: 3003, leadId: 51, membership: { status: 'created' }, status: 'updated' },
		]);
	});

	it('version 2.1 maps automatically: the item’s member fields (from the describe), not its others', async () => {
		const result = await env.run(
			{
				resource: 'programMember',
				operation: 'createOrUpdate',
				program: { mode: 'id', value: '3003' },
				leadId: '={{ $json.leadId }}',
			},
			{
				items: [
					{ leadId: 2, email: 'ana@example.com', ticketType: 'VIP', registrationCode: 'R-9' },
				],
				typeVersion: 2.1,
			},
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.body])).toEqual([
			['GET', '/rest/v1/programs/members/describe.json', undefined],
			[
				'POST',
				'/rest/v1/programs/3003/members.json',
				{ input: [{ leadId: 2, ticketType: 'VIP', registrationCode: 'R-9' }] },
			],
		]);
		expect(result.json()).toEqual([{ programId: 3003, leadId: 2, status: 'updated' }]);
	});

	it('version 2.1 with Map Each Column Manually sends the columns set (an empty one is not)', async () => {
		const result = await env.run(
			{
				resource: 'programMember',
				operation: 'createOrUpdate',
				program: { mode: 'id', value: '3003' },
				leadId: '={{ $json.leadId }}',
				columns: {
					mappingMode: 'defineBelow',
					value: { ticketType: '={{ $json.ticket }}', registrationCode: '' },
					matchingColumns: [],
					schema: [],
				},
			},
			{ items: [{ leadId: 2, ticket: 'Standard' }], typeVersion: 2.1 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.path, c.body])).toEqual([
			['/rest/v1/programs/3003/members.json', { input: [{ leadId: 2, ticketType: 'Standard' }] }],
		]);
	});

	it('version 2.1: an item with no member field and no status is refused before any write', async () => {
		const result = await env.run(
			{
				resource: 'programMember',
				operation: 'createOrUpdate',
				program: { mode: 'id', value: '3003' },
				leadId: '={{ $json.leadId }}',
			},
			{ items: [{ leadId: 2, email: 'ana@example.com' }], typeVersion: 2.1 },
		);
		expect(result.error?.message).toBe('Item 0 has no member fields to write');
		expect(result.error?.description).toBe(
			"Give the item fields named like the program's member fields (e.g. registrationCode), map them with Map Each Column Manually, or set a Status Name under Options.",
		);
		expect(sim().calls.map((c) => c.path)).toEqual(['/rest/v1/programs/members/describe.json']);
	});

	it('two leads in one item are refused before any call', async () => {
		const result = await env.run(write(), {
			items: [{ leadId: '1, 2', ticket: 'x' }],
			typeVersion: 2,
		});
		expect(result.error?.message).toBe('Item 0 names 2 leads');
		expect(sim().calls).toEqual([]);
	});
});
