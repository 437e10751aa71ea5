import { outputOf, useMarketing } from '../../helpers';

const lookup = (filterValues: string, parameters: Record<string, unknown> = {}) => ({
	resource: 'company',
	operation: 'getAll',
	filterType: 'externalCompanyId',
	filterValues,
	returnAll: true,
	options: {},
	...parameters,
});

describe('Marketing Automation v2: Company → Get Many', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('combines the items’ values into one call, matches records back by their key, a miss gives found: false', async () => {
		const result = await env.run(lookup('={{ $json.ids }}'), {
			items: [{ ids: 'C-1002, C-9999' }, { ids: 'C-1001' }, { ids: 'C-1002' }],
			typeVersion: 2,
		});
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			[
				'GET',
				'/rest/v1/companies.json',
				{
					filterType: 'externalCompanyId',
					filterValues: 'C-1002,C-9999,C-1001',
					fields: 'id,externalCompanyId,createdAt,updatedAt',
					batchSize: '300',
				},
			],
		]);
		const globex = {
			id: 2,
			externalCompanyId: 'C-1002',
			createdAt: expect.any(String),
			updatedAt: expect.any(String),
		};
		expect(outputOf(result)).toEqual([
			{ json: globex, pairedItem: { item: 0 } },
			{ json: { found: false, externalCompanyId: 'C-9999' }, pairedItem: { item: 0 } },
			{ json: { ...globex, id: 1, externalCompanyId: 'C-1001' }, pairedItem: { item: 1 } },
			{ json: globex, pairedItem: { item: 2 } },
		]);
	});

	it('by another searchable field with chosen fields; 650 values go in three calls', async () => {
		const names = Array.from({ length: 650 }, (_v, i) => `Name ${i}`);
		names[400] = 'Acme Pty Ltd';
		const result = await env.run(
			lookup(names.join(','), {
				filterType: 'company',
				options: { fields: ['company', 'industry'], includeNotFound: false },
			}),
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		const calls = sim().callsTo('GET', '/rest/v1/companies.json');
		expect(calls.map((c) => c.query.filterValues.split(',').length)).toEqual([300, 300, 50]);
		expect(calls[0].query.fields).toBe('company,industry');
		expect(result.json()).toEqual([{ company: 'Acme Pty Ltd', industry: 'Manufacturing' }]);
	});

	it('refuses a non-numeric id before any call', async () => {
		const result = await env.run(lookup('1, two', { filterType: 'id' }), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			'"two" in Filter Values of item 0 is not a whole number (id)',
		);
		expect(sim().calls).toEqual([]);
	});

	it('an unknown filter type is the service’s 1003, said with the call', async () => {
		const result = await env.run(lookup('x', { filterType: 'website' }), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			"The service refused the call (1003): Invalid filterType 'website'",
		);
	});
});
