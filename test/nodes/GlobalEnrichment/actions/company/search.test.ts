import { expectFilterHonoured, searchFilterRows } from '../../searchFilters';
import { withSimulator } from '../../../../harness/enrichment';
import { demoSeedPlusContacts } from '../../fixtures';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describe('Global Enrichment: searches', () => {
	const ctx = withSimulator(demoSeedPlusContacts(120));

	it('Company → Search filters by location, industry and size', async () => {
		const result = await ctx.runGlobal({
			resource: 'company',
			operation: 'search',
			limit: 10,
			filters: { location: 'Germany, Australia', companySize: ['1001-5000'] },
		});
		expect(ctx.sim.services.global.calls.map((c) => c.body)).toEqual([
			{
				pagination: { page: 0, size: 10 },
				filters: {
					companies: {
						include: {
							locations: [{ country: 'Germany' }, { country: 'Australia' }],
							sizes: [{ min: 1001, max: 5000 }],
						},
					},
				},
			},
		]);
		expect(result.json().map((company) => company.name)).toEqual(['Contoso GmbH']);
	});
});

describe('Global Enrichment on the service API: Search', () => {
	const ctx = withSimulator();

	it('Search Companies: industry IDs go out as mainIndustriesIds; names are refused before any call', async () => {
		const result = await ctx.runGlobalService({
			resource: 'company',
			operation: 'search',
			returnAll: false,
			limit: 5,
			filters: { industry: '1, 3' },
		});
		const byName = await ctx.runGlobalService(
			{ resource: 'company', operation: 'search', filters: { industry: 'Software' } },
			[{}],
			true,
		);
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			[
				'/v3/companies/prospecting',
				{
					// Limit 5, but the service's pages hold 10 to 100: it asks for 10 and keeps 5.
					pagination: { page: 0, size: 10 },
					filters: { companies: { include: { mainIndustriesIds: [1, 3] } } },
				},
			],
		]);
		expect(result.json().map((json) => json.id)).toEqual(['c-1001', 'c-1002']);
		expect(byName.json()[0].error).toBe(
			"Invalid Industry filter in item 0: the service's own API takes industry IDs (numbers such as 5, 12), not names",
		);
	});

	it('industry names in a later item are refused before any item is searched', async () => {
		const result = await ctx.runGlobalService(
			{ resource: 'company', operation: 'search', filters: { industry: '={{ $json.industry }}' } },
			[{ industry: '1, 3' }, { industry: 'Software' }],
		);
		expect(result.error?.message).toBe(
			"Invalid Industry filter in item 1: the service's own API takes industry IDs (numbers such as 5, 12), not names",
		);
		expect(ctx.sim.services.global.calls).toEqual([]);
	});
});

// Every filter of Company → Search, on both APIs: the exact request it produces, or a refusal
// before any call (never dropped or broadened).
describe('Global Enrichment › Company › Search: every filter', () => {
	it.each(searchFilterRows('company'))(
		'%s: the service API sends it exactly or refuses it',
		async (...row) => {
			await expectFilterHonoured('company', 'service', row);
		},
	);

	it.each(searchFilterRows('company'))(
		'%s: the connection contract sends it exactly or refuses it',
		async (...row) => {
			await expectFilterHonoured('company', 'contract', row);
		},
	);
});
