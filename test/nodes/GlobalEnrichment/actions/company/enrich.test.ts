import { DEMO_GLOBAL_SEED } from '../../../../simulator/globalEnrichment';
import { items, withSimulator } from '../../../../harness/enrichment';
import { NORTHWIND } from '../../fixtures';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describe('Global Enrichment: Company → Find and Enrich', () => {
	const ctx = withSimulator();

	it('Enrich sends companies through /company/bulk, deduplicated', async () => {
		const result = await ctx.runGlobal(
			{
				resource: 'company',
				operation: 'enrich',
				identifyBy: 'domain',
				domain: '={{ $json.domain }}',
				simplify: false,
			},
			[
				{ domain: 'fabrikam.example.com.au' },
				{ domain: 'www.FABRIKAM.example.com.au' },
				{ domain: 'unknown.example.org' },
			],
		);
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			[
				'/company/bulk',
				[
					{ referenceId: '0', domain: 'fabrikam.example.com.au' },
					{ referenceId: '2', domain: 'unknown.example.org' },
				],
			],
		]);
		const fabrikam = ctx.sim.services.global.companyRecord(DEMO_GLOBAL_SEED.companies[2]);
		expect(items(result)).toEqual([
			{ json: { found: true, creditsCharged: 1, ...fabrikam }, pairedItem: { item: 0 } },
			{ json: { found: true, creditsCharged: 0, ...fabrikam }, pairedItem: { item: 1 } },
			{
				json: { found: false, input: { domain: 'unknown.example.org' }, creditsCharged: 0 },
				pairedItem: { item: 2 },
			},
		]);
	});
});

describe('Global Enrichment on the service API: Company → Find and Enrich', () => {
	const ctx = withSimulator();

	it('POST /v3/companies/search-and-enrich with domain or name; employee count from { exact }', async () => {
		const result = await ctx.runGlobalService(
			{
				resource: 'company',
				operation: 'enrich',
				identifyBy: 'domain',
				domain: '={{ $json.domain }}',
			},
			[{ domain: 'https://www.Northwind.example.com/' }, { domain: 'nowhere.example.org' }],
		);
		const byName = await ctx.runGlobalService({
			resource: 'company',
			operation: 'find',
			identifyBy: 'name',
			name: 'Contoso GmbH',
		});
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			[
				'/v3/companies/search-and-enrich',
				{
					companies: [
						{ clientReferenceId: '0', domain: 'northwind.example.com' },
						{ clientReferenceId: '1', domain: 'nowhere.example.org' },
					],
				},
			],
			[
				'/v3/companies/search-and-enrich',
				{ companies: [{ clientReferenceId: '0', name: 'Contoso GmbH' }] },
			],
		]);
		expect(result.json()).toEqual([
			NORTHWIND,
			{ found: false, input: { domain: 'nowhere.example.org' }, creditsCharged: 0 },
		]);
		expect(byName.json()[0]).toMatchObject({ found: true, id: 'c-1002', employeeCount: 2600 });
	});
});
