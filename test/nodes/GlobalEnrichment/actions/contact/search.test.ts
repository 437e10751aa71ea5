import { DEMO_GLOBAL_SEED, generateGlobalContacts } from '../../../../simulator/globalEnrichment';
import { expectFilterHonoured, searchFilterRows } from '../../searchFilters';
import { withSimulator } from '../../../../harness/enrichment';
import { ALL_SALES_REPRESENTATIVES, ANA, demoSeedPlusContacts, pagesAsked } from '../../fixtures';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describe('Global Enrichment: searches', () => {
	const ctx = withSimulator(demoSeedPlusContacts(120));

	it('a catalogue list in a later item is refused on the contract before any search', async () => {
		const result = await ctx.runGlobal(
			{
				resource: 'contact',
				operation: 'search',
				filters: { jobTitle: 'Marketing Manager', seniorityIds: '={{ $json.seniority }}' },
			},
			[{ seniority: [] }, { seniority: [4] }],
		);
		expect(result.error?.message).toBe(
			"Invalid Seniority Names or IDs filter in item 1: this list works with the service's own API only",
		);
		expect(ctx.sim.services.global.calls).toEqual([]);
	});

	it('Contact → Search sends include filters and pages of 50 until the limit', async () => {
		const result = await ctx.runGlobal({
			resource: 'contact',
			operation: 'search',
			limit: 60,
			filters: {
				jobTitle: 'Marketing Manager, VP Marketing',
				location: 'United States',
				company: 'Northwind',
				industry: 'Software',
				companySize: ['201-1000', '5001+'],
			},
		});
		expect(result.error).toBeUndefined();
		const filters = {
			contacts: {
				include: {
					jobTitles: ['Marketing Manager', 'VP Marketing'],
					locations: [{ country: 'United States' }],
				},
			},
			companies: {
				include: {
					names: ['Northwind'],
					industries: ['Software'],
					sizes: [{ min: 5001 }, { min: 201, max: 1000 }],
				},
			},
		};
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			['/prospecting/contact/search', { pagination: { page: 0, size: 50 }, filters }],
			['/prospecting/contact/search', { pagination: { page: 1, size: 50 }, filters }],
		]);
		const output = result.output();
		expect(output).toHaveLength(60);
		expect(output[0]).toEqual({ json: ANA, pairedItem: { item: 0 } });
		expect(
			output.every(
				(item) => item.json.jobTitle === 'Marketing Manager' || item.json.id === 'p-2001',
			),
		).toBe(true);
	});

	it('Return All follows the pages until a short page', async () => {
		const result = await ctx.runGlobal(ALL_SALES_REPRESENTATIVES);
		// 120 generated contacts, every second one a sales representative: 60 = 50 + 10.
		expect(pagesAsked(ctx.sim.services.global.calls)).toEqual([
			{ page: 0, size: 50 },
			{ page: 1, size: 50 },
		]);
		expect(result.output()).toHaveLength(60);
		expect(result.output().every((item) => item.json.jobTitle === 'Sales Representative')).toBe(
			true,
		);
	});
});

describe('Global Enrichment: search paging at an exact multiple of the page size', () => {
	const ctx = withSimulator(() => ({
		global: { ...DEMO_GLOBAL_SEED, contacts: generateGlobalContacts(100) },
	}));

	it('Return All stops at the reported total without asking for an empty page', async () => {
		const result = await ctx.runGlobal(ALL_SALES_REPRESENTATIVES);
		// 50 sales representatives = one full page and totalResults 50.
		expect(pagesAsked(ctx.sim.services.global.calls)).toEqual([{ page: 0, size: 50 }]);
		expect(result.output()).toHaveLength(50);
	});
});

describe('Global Enrichment on the service API: Search', () => {
	const ctx = withSimulator();

	it('Search Contacts: POST /v3/contacts/prospecting with pages of at most 50', async () => {
		const result = await ctx.runGlobalService({
			resource: 'contact',
			operation: 'search',
			returnAll: true,
			filters: { jobTitle: 'Marketing', location: 'Australia, United States' },
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			[
				'/v3/contacts/prospecting',
				{
					pagination: { page: 0, size: 50 },
					filters: {
						contacts: {
							include: {
								jobTitles: ['Marketing'],
								locations: [{ country: 'Australia' }, { country: 'United States' }],
							},
						},
					},
				},
			],
		]);
		expect(result.json().map((json) => json.id)).toEqual(['p-2001', 'p-2003']);
		expect(result.json()[0]).toEqual(ANA);
	});
});

// Every filter of Contact → Search, on both APIs: the exact request it produces, or a refusal
// before any call (never dropped or broadened).
describe('Global Enrichment › Contact › Search: every filter', () => {
	it.each(searchFilterRows('contact'))(
		'%s: the service API sends it exactly or refuses it',
		async (...row) => {
			await expectFilterHonoured('contact', 'service', row);
		},
	);

	it.each(searchFilterRows('contact'))(
		'%s: the connection contract sends it exactly or refuses it',
		async (...row) => {
			await expectFilterHonoured('contact', 'contract', row);
		},
	);
});
