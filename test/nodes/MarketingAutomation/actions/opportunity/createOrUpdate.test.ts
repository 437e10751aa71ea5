import { useMarketing } from '../../helpers';

const opportunities = (syncAction: string, matchingColumns = ['externalOpportunityId']) => ({
	resource: 'opportunity',
	operation: 'createOrUpdate',
	syncAction,
	columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns, schema: [] },
});

describe('Marketing Automation v2: Opportunity → Create or Update', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('creates and updates by external ID; a new one without a name is skipped (1002); system fields are not sent', async () => {
		const items = [
			{ externalOpportunityId: 'O-2001', stage: 'Closed Won', updatedAt: '2026-01-01T00:00:00Z' },
			{ externalOpportunityId: 'O-3001', name: 'Globex pilot', amount: 5000 },
			{ externalOpportunityId: 'O-3002', amount: 1 },
		];
		const result = await env.run(opportunities('createOrUpdate'), { items, typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.body])).toEqual([
			[
				'POST',
				'/rest/v1/opportunities.json',
				{
					action: 'createOrUpdate',
					input: [
						{ externalOpportunityId: 'O-2001', stage: 'Closed Won' },
						{ externalOpportunityId: 'O-3001', name: 'Globex pilot', amount: 5000 },
						{ externalOpportunityId: 'O-3002', amount: 1 },
					],
				},
			],
		]);
		expect(result.json()).toEqual([
			{ status: 'updated', externalOpportunityId: 'O-2001', marketoGUID: 'opportunity-00000001' },
			{ status: 'created', externalOpportunityId: 'O-3001', marketoGUID: 'opportunity-00000002' },
			{
				status: 'skipped',
				externalOpportunityId: 'O-3002',
				reasons: [{ code: '1002', message: "Missing value for required field 'name'" }],
			},
		]);
	});

	it('Create New, Skip Existing: an existing one is skipped (1017); the call is not replayed after a lost answer', async () => {
		sim().inject('http502-after', { path: '/rest/v1/opportunities.json' });
		const result = await env.run(opportunities('createOnly'), {
			items: [{ externalOpportunityId: 'O-4001', name: 'Maybe twice' }],
			typeVersion: 2,
		});
		expect(sim().callsTo('POST', '/rest/v1/opportunities.json')).toHaveLength(1);
		expect(result.error?.message).toBe(
			'The call POST /rest/v1/opportunities.json failed (HTTP 502) and may have run; it was not repeated',
		);
		sim().resetCounters();
		const again = await env.run(opportunities('createOnly'), {
			items: [{ externalOpportunityId: 'O-4001', name: 'Maybe twice' }],
			typeVersion: 2,
		});
		expect(again.json()).toEqual([
			{
				status: 'skipped',
				externalOpportunityId: 'O-4001',
				reasons: [{ code: '1017', message: 'Record already exists' }],
			},
		]);
	});

	it('matches on marketoGUID with Update Existing (dedupeBy idField)', async () => {
		const result = await env.run(opportunities('updateOnly', ['marketoGUID']), {
			items: [{ marketoGUID: 'opportunity-00000001', stage: 'Negotiation' }],
			typeVersion: 2,
		});
		expect(sim().calls[0].body).toEqual({
			action: 'updateOnly',
			dedupeBy: 'idField',
			input: [{ marketoGUID: 'opportunity-00000001', stage: 'Negotiation' }],
		});
		expect(result.json()).toEqual([{ status: 'updated', marketoGUID: 'opportunity-00000001' }]);
	});
});
