import { outputOf, useMarketing } from '../../helpers';

const accounts = (options: Record<string, unknown> = {}) => ({
	resource: 'namedAccount',
	operation: 'createOrUpdate',
	syncAction: 'createOrUpdate',
	columns: {
		mappingMode: 'autoMapInputData',
		value: null,
		matchingColumns: ['name'],
		schema: [],
	},
	...options,
});

describe('Marketing Automation v2: Named Account → Create or Update', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('upserts by name, 300 per call with no dedupeBy; each item gets its status and marketoGUID', async () => {
		const items = Array.from({ length: 301 }, (_v, i) => ({
			name: `Account ${i}`,
			industry: 'Retail',
		}));
		items[1] = { name: 'Acme', industry: 'Aerospace' };
		const result = await env.run(accounts(), { items, typeVersion: 2 });
		expect(result.error).toBeUndefined();
		const calls = sim().callsTo('POST', '/rest/v1/namedaccounts.json');
		expect(calls.map((c) => (c.body as { input: unknown[] }).input.length)).toEqual([300, 1]);
		expect(Object.keys(calls[0].body as object)).toEqual(['action', 'input']);
		const out = outputOf(result);
		expect(out).toHaveLength(301);
		expect(out[1]).toEqual({
			json: { status: 'updated', name: 'Acme', marketoGUID: expect.any(String) },
			pairedItem: { item: 1 },
		});
		expect(out[0]).toEqual({
			json: { status: 'created', name: 'Account 0', marketoGUID: expect.any(String) },
			pairedItem: { item: 0 },
		});
		expect(sim().objects.namedAccounts.find(['name'], { name: 'Acme' })).toMatchObject({
			industry: 'Aerospace',
		});
	});

	it('matching on the marketoGUID works only with update-only, refused before any call', async () => {
		const result = await env.run(
			accounts({
				columns: {
					mappingMode: 'autoMapInputData',
					value: null,
					matchingColumns: ['marketoGUID'],
					schema: [],
				},
			}),
			{ items: [{ marketoGUID: 'x', industry: 'Retail' }], typeVersion: 2 },
		);
		expect(result.error?.message).toBe(
			'Item 0 matches on the ID field marketoGUID, which works only with Write Mode "Update Existing, Skip New"',
		);
		expect(sim().calls).toEqual([]);
	});

	it('an item without a name fails alone under Continue On Fail', async () => {
		const result = await env.run(accounts(), {
			items: [{ name: 'Initech' }, { industry: 'No name' }],
			typeVersion: 2,
			continueOnFail: true,
		});
		expect(outputOf(result)).toEqual([
			{
				json: { status: 'created', name: 'Initech', marketoGUID: expect.any(String) },
				pairedItem: { item: 0 },
			},
			{
				json: {
					error: 'Item 1 has no value for name, which named accounts are matched on',
					description: 'Map name to a value; no call was made.',
				},
				pairedItem: { item: 1 },
			},
		]);
	});
});
