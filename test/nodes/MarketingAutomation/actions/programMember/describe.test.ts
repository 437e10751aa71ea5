import { useMarketing } from '../../helpers';

describe('Marketing Automation v2: Program Member → Describe', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('reads the members’ describe: dedupe key, searchable fields and the custom fields', async () => {
		const result = await env.run(
			{ resource: 'programMember', operation: 'describe', simplify: true },
			{ typeVersion: 2 },
		);
		expect(sim().calls.map((c) => c.path)).toEqual(['/rest/v1/programs/members/describe.json']);
		const [json] = result.json();
		expect(json.dedupeFields).toEqual(['leadId', 'programId']);
		expect(json.searchableFields).toContainEqual(['ticketType']);
		expect(json.fields).toContainEqual({
			name: 'ticketType',
			displayName: 'Ticket Type',
			dataType: 'string',
			updateable: true,
		});
	});
});
