import { fastTransport, outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Lead → Delete', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('combines the items’ leads, 300 per call; deleted, and skipped (1004) for a lead that does not exist', async () => {
		// No call may time out and be replayed on a loaded machine: the statuses are exact.
		jest.restoreAllMocks();
		fastTransport({ timeoutMs: 120_000 });
		const first = sim().leads.size + 1;
		for (let i = 0; i < 310; i++) sim().addLead({ email: `gone${i}@example.com` });
		const ids = Array.from({ length: 310 }, (_v, i) => first + i);
		const result = await env.run(
			{ resource: 'lead', operation: 'delete', leadIds: '={{ $json.ids }}' },
			{ items: [{ ids: `${ids[0]}, 99999` }, { ids: ids.slice(1).join(',') }], typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		const calls = sim().callsTo('POST', '/rest/v1/leads/delete.json');
		expect(calls.map((c) => (c.body as { input: unknown[] }).input.length)).toEqual([300, 11]);
		expect((calls[0].body as { input: unknown[] }).input.slice(0, 2)).toEqual([
			{ id: ids[0] },
			{ id: 99999 },
		]);
		expect(outputOf(result)[0]).toEqual({
			json: {
				leads: [
					{ id: ids[0], status: 'deleted' },
					{ id: 99999, status: 'skipped', reasons: [{ code: '1004', message: 'Lead not found' }] },
				],
				deleted: 1,
				skipped: 1,
			},
			pairedItem: { item: 0 },
		});
		expect(outputOf(result)[1].json.deleted).toBe(309);
		expect(sim().leads.has(ids[5])).toBe(false);
	});

	it('a lead ID that is not a number is refused before any call', async () => {
		const result = await env.run(
			{ resource: 'lead', operation: 'delete', leadIds: '5, abc' },
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe(
			'"abc" in Lead IDs of item 0 is not a positive whole number',
		);
		expect(sim().calls).toEqual([]);
	});
});
