import { useMarketing } from '../../helpers';

describe('Marketing Automation v2: Company → Describe', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('simplified: keys, searchable fields and each field’s name, label, type and writability', async () => {
		const result = await env.run(
			{ resource: 'company', operation: 'describe', simplify: true },
			{ typeVersion: 2 },
		);
		expect(sim().calls.map((c) => [c.method, c.path])).toEqual([
			['GET', '/rest/v1/companies/describe.json'],
		]);
		const [json] = result.json();
		expect(json).toMatchObject({
			name: 'Company',
			idField: 'id',
			dedupeFields: ['externalCompanyId'],
			searchableFields: [['externalCompanyId'], ['id'], ['company']],
		});
		expect((json.fields as unknown[])[1]).toEqual({
			name: 'externalCompanyId',
			displayName: 'External Company Id',
			dataType: 'string',
			updateable: true,
		});
	});

	it('raw: the service’s describe as it is', async () => {
		const result = await env.run(
			{ resource: 'company', operation: 'describe', simplify: false },
			{ typeVersion: 2 },
		);
		expect((result.json()[0].fields as Array<Record<string, unknown>>)[1]).toEqual({
			name: 'externalCompanyId',
			displayName: 'External Company Id',
			dataType: 'string',
			length: 255,
			updateable: true,
		});
	});
});
