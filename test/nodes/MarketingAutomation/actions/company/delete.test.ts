import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Company → Delete', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('deletes by dedupe key, one record per item, in one call; a miss is skipped with found: false', async () => {
		sim().objects.companies.add({ externalCompanyId: 'DEL-1', company: 'To go' });
		const result = await env.run(
			{
				resource: 'company',
				operation: 'delete',
				deleteBy: 'dedupeFields',
				recordKey: '={{ $json.key }}',
			},
			{ items: [{ key: 'DEL-1' }, { key: 'NOPE' }], typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.body])).toEqual([
			[
				'POST',
				'/rest/v1/companies/delete.json',
				{
					deleteBy: 'dedupeFields',
					input: [{ externalCompanyId: 'DEL-1' }, { externalCompanyId: 'NOPE' }],
				},
			],
		]);
		expect(outputOf(result)).toEqual([
			{
				json: { status: 'deleted', externalCompanyId: 'DEL-1', id: expect.any(Number) },
				pairedItem: { item: 0 },
			},
			{
				json: {
					status: 'skipped',
					externalCompanyId: 'NOPE',
					found: false,
					reasons: [{ code: '1013', message: 'Record not found' }],
				},
				pairedItem: { item: 1 },
			},
		]);
	});

	it('deletes by ID with a numeric id; a compound JSON key for companies is refused before any call', async () => {
		const added = sim().objects.companies.add({ externalCompanyId: 'DEL-2' });
		const byId = await env.run(
			{
				resource: 'company',
				operation: 'delete',
				deleteBy: 'idField',
				recordKey: String(added.id),
			},
			{ typeVersion: 2 },
		);
		expect(sim().calls[0].body).toEqual({ deleteBy: 'idField', input: [{ id: added.id }] });
		expect(byId.json()).toEqual([{ status: 'deleted', id: added.id }]);
		sim().resetCounters();
		const bad = await env.run(
			{
				resource: 'company',
				operation: 'delete',
				deleteBy: 'dedupeFields',
				recordKey: '{"company": "Globex"}',
			},
			{ typeVersion: 2 },
		);
		expect(bad.error?.message).toBe(
			'The key "{"company": "Globex"}" of item 0 is not a key of companies: externalCompanyId missing',
		);
		expect(sim().calls).toEqual([]);
	});
});
