import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Opportunity Role → Get Many', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('by the compound dedupe key: POST with _method=GET and a JSON body; a miss gives found: false', async () => {
		const result = await env.run(
			{
				resource: 'opportunityRole',
				operation: 'getAll',
				filterType: 'dedupeFields',
				keyValues:
					'[{"externalOpportunityId": "O-2001", "leadId": 1, "role": "Decision Maker"}, {"externalOpportunityId": "O-2001", "leadId": 2, "role": "Buyer"}]',
				returnAll: true,
				options: { fields: ['isPrimary'] },
			},
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.query, c.contentType, c.body])).toEqual([
			[
				'POST',
				'/rest/v1/opportunities/roles.json',
				{ _method: 'GET' },
				'application/json',
				{
					filterType: 'dedupeFields',
					fields: ['isPrimary', 'externalOpportunityId', 'leadId', 'role'],
					input: [
						{ externalOpportunityId: 'O-2001', leadId: 1, role: 'Decision Maker' },
						{ externalOpportunityId: 'O-2001', leadId: 2, role: 'Buyer' },
					],
				},
			],
		]);
		expect(outputOf(result)).toEqual([
			{
				json: {
					isPrimary: true,
					externalOpportunityId: 'O-2001',
					leadId: 1,
					role: 'Decision Maker',
				},
				pairedItem: { item: 0 },
			},
			{
				json: { found: false, externalOpportunityId: 'O-2001', leadId: 2, role: 'Buyer' },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('refuses a wrong compound key before any call, naming the missing field and the item', async () => {
		const result = await env.run(
			{
				resource: 'opportunityRole',
				operation: 'getAll',
				filterType: 'dedupeFields',
				keyValues: '={{ $json.keys }}',
				returnAll: true,
				options: {},
			},
			{
				items: [
					{ keys: [{ externalOpportunityId: 'O-1', leadId: 1, role: 'Buyer' }] },
					{ keys: [{ externalOpportunityId: 'O-1', leadId: 1 }] },
				],
				typeVersion: 2,
			},
		);
		expect(result.error?.message).toBe(
			'"{"externalOpportunityId":"O-1","leadId":1}" in Key Values of item 1 is not a key of opportunity roles: role missing',
		);
		expect(result.error?.description).toBe(
			'The dedupe key is externalOpportunityId + leadId + role: give exactly these fields.',
		);
		expect(sim().calls).toEqual([]);
	});

	it('by a single searchable field (leadId) with GET', async () => {
		const result = await env.run(
			{
				resource: 'opportunityRole',
				operation: 'getAll',
				filterType: 'leadId',
				filterValues: '1, 77',
				returnAll: true,
				options: {},
			},
			{ typeVersion: 2 },
		);
		expect(sim().calls[0].query).toEqual({
			filterType: 'leadId',
			filterValues: '1,77',
			fields: 'marketoGUID,externalOpportunityId,leadId,role,createdAt,updatedAt',
			batchSize: '300',
		});
		expect(result.json().map((j) => [j.leadId, j.found])).toEqual([
			[1, undefined],
			['77', false],
		]);
	});
});
