import { DEMO_ANZ_SEED, generateAnzPeople } from '../../../../simulator/anzSalesIntelligence';
import { items, withSimulator } from '../../../../harness/enrichment';
import {
	INVALID_COMPANY_FILTER_ITEM_0_SERVICE,
	INVALID_LOCATION_FILTER_ITEM_0_SERVICE,
} from '../../messages';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describe('ANZ Sales Intelligence: Person → Search', () => {
	const ctx = withSimulator(() => ({
		anz: {
			...DEMO_ANZ_SEED,
			people: [...DEMO_ANZ_SEED.people, ...generateAnzPeople(250)],
		},
	}));

	it('sends the filters (ids, ISO region codes, size bands) and stops at the limit', async () => {
		const result = await ctx.runAnz({
			resource: 'person',
			operation: 'search',
			limit: 3,
			filters: {
				position: 'Marketing Manager',
				seniority: [5],
				department: [11],
				location: ['AU-NSW', 'NZ-WGN'],
				companySize: ['51-200'],
			},
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.anz.calls.map((c) => c.body)).toEqual([
			{
				position: 'Marketing Manager',
				seniority: [5],
				department: [11],
				locations: ['AU-NSW', 'NZ-WGN'],
				company_size: ['51-200'],
				from: 0,
				size: 3,
			},
		]);
		expect(items(result)).toEqual([
			{
				json: expect.objectContaining({
					person_id: 'fpg0',
					position: 'Marketing Manager',
					state: 'AU-NSW',
				}),
				pairedItem: { item: 0 },
			},
			{
				json: expect.objectContaining({ person_id: 'fpg3', state: 'NZ-WGN' }),
				pairedItem: { item: 0 },
			},
			{ json: expect.objectContaining({ person_id: 'fpg6' }), pairedItem: { item: 0 } },
		]);
	});

	/** Person → Search for everyone at Southern Cross, with `limit` or `returnAll`. */
	const southernCrossPeople = (parameters: Record<string, unknown>) => ({
		resource: 'person',
		operation: 'search',
		...parameters,
		filters: { company: 'Southern Cross' },
	});
	/** `[from, size]` of each search request the service received, in order. */
	const fromAndSizeAsked = () =>
		ctx.sim.services.anz.calls.map((c) => {
			const body = c.body as { from: number; size: number };
			return [body.from, body.size];
		});

	it('Return All pages with from/size 100 until a short page', async () => {
		const result = await ctx.runAnz(southernCrossPeople({ returnAll: true }));
		expect(result.error).toBeUndefined();
		// 250 generated people + 2 demo people work there.
		expect(fromAndSizeAsked()).toEqual([
			[0, 100],
			[100, 100],
			[200, 100],
		]);
		expect(result.output()).toHaveLength(252);
		expect(new Set(result.output().map((item) => item.json.person_id)).size).toBe(252);
	});

	it('a limit over one page asks for the remainder on the last page', async () => {
		const result = await ctx.runAnz(southernCrossPeople({ limit: 130 }));
		expect(fromAndSizeAsked()).toEqual([
			[0, 100],
			[100, 30],
		]);
		expect(result.output()).toHaveLength(130);
	});

	it('refuses a search without filters before any call', async () => {
		const result = await ctx.runAnz({
			resource: 'person',
			operation: 'search',
			limit: 5,
			filters: {},
		});
		expect(result.error?.message).toBe('No search filter in item 0');
		expect(ctx.sim.services.anz.calls).toHaveLength(0);
	});
});

describe('ANZ Sales Intelligence on the service API: Person → Search', () => {
	const ctx = withSimulator();
	const search = (filters: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
		resource: 'person',
		operation: 'search',
		returnAll: true,
		filters,
		...more,
	});

	it('POST /people/search with selectedCountry, companyId, position and the seniority and department IDs', async () => {
		const result = await ctx.runAnzService(
			search({
				company: 'F000000117274',
				position: 'head marketing',
				seniority: [4, 5],
				department: [11],
				location: ['AU'],
			}),
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.anz.calls.map((c) => c.body)).toEqual([
			{
				selectedCountry: 'AU',
				companyId: 'f000000117274',
				position: 'head marketing',
				seniority: '4,5',
				department: '11',
				from: 0,
				size: 100,
			},
		]);
		expect(result.json()).toEqual([
			{
				person_id: 'fp0001',
				position: 'Head of Marketing',
				company_name: 'Southern Cross Analytics Pty Ltd',
				linkedin: 'https://www.linkedin.com/in/jane-citizen',
				has_email: true,
				has_personal_email: false,
				has_phone: true,
				has_dnd_phone: false,
				has_mobile: true,
			},
		]);
	});

	it('pages with from/size until a short page (Limit)', async () => {
		const result = await ctx.runAnzService(
			search({ location: ['AU'] }, { returnAll: false, limit: 1 }),
		);
		expect(ctx.sim.services.anz.calls.map((c) => c.body)).toEqual([
			{ selectedCountry: 'AU', from: 0, size: 1 },
		]);
		expect(result.json()).toHaveLength(1);
	});

	it('filters the service search does not take are refused before any call, naming field and item', async () => {
		const byName = await ctx.runAnzService(search({ company: 'Kookaburra Retail' }), [{}], true);
		const bySize = await ctx.runAnzService(search({ companySize: ['51-200'] }), [{}], true);
		const twoCountries = await ctx.runAnzService(search({ location: ['AU', 'NZ'] }), [{}], true);
		const byState = await ctx.runAnzService(search({ location: ['AU-NSW', 'AU-VIC'] }), [{}], true);
		expect(ctx.sim.services.anz.calls).toHaveLength(0);
		expect(byName.json()[0].error).toBe(INVALID_COMPANY_FILTER_ITEM_0_SERVICE);
		expect(bySize.json()[0].error).toBe(
			"Invalid Company Size filter in item 0: the service's own search has no company-size filter; remove it or use the connection contract",
		);
		expect(twoCountries.json()[0].error).toBe(
			"Invalid Location filter in item 0: the service's own search takes one country; choose places in Australia or in New Zealand, not both",
		);
		// Never silently broadened: a state would return people from every state.
		expect(byState.json()[0].error).toBe(INVALID_LOCATION_FILTER_ITEM_0_SERVICE);
	});

	it('a filter the service search does not take in a later item is refused before any call', async () => {
		const result = await ctx.runAnzService(search({ company: '={{ $json.company }}' }), [
			{ company: 'f000000117274' },
			{ company: 'Kookaburra Retail' },
		]);
		expect(result.error?.message).toBe(
			INVALID_COMPANY_FILTER_ITEM_0_SERVICE.replace('item 0', 'item 1'),
		);
		expect(ctx.sim.services.anz.calls).toEqual([]);
	});

	// Every filter of Person → Search, on both APIs: sent as the API takes it, or refused (zero calls).
	it.each([
		[
			'company',
			{ company: 'f000000117274' },
			{ companyId: 'f000000117274' },
			{ company: 'f000000117274' },
		],
		['position', { position: 'manager' }, { position: 'manager' }, { position: 'manager' }],
		['seniority', { seniority: [5] }, { seniority: '5' }, { seniority: [5] }],
		['department', { department: [2, 11] }, { department: '2,11' }, { department: [2, 11] }],
		[
			'location (country)',
			{ location: ['NZ'] },
			{ selectedCountry: 'NZ' },
			{
				locations: [
					'NZ-AUK',
					'NZ-BOP',
					'NZ-CAN',
					'NZ-GIS',
					'NZ-HKB',
					'NZ-MWT',
					'NZ-MBH',
					'NZ-NSN',
					'NZ-NTL',
					'NZ-OTA',
					'NZ-STL',
					'NZ-TKI',
					'NZ-TAS',
					'NZ-WKO',
					'NZ-WGN',
					'NZ-WTC',
				].sort(),
			},
		],
		['location (state)', { location: ['AU-QLD'] }, 'refused', { locations: ['AU-QLD'] }],
		['company size', { companySize: ['51-200'] }, 'refused', { company_size: ['51-200'] }],
	])(
		'%s: honoured in the request or refused, on either API',
		async (_name, filters, service, contract) => {
			const onService = await ctx.runAnzService(search(filters), [{}], true);
			const serviceCalls = ctx.sim.services.anz.calls.splice(0);
			if (service === 'refused') {
				expect(serviceCalls).toHaveLength(0);
				expect(String(onService.json()[0].error)).toMatch(/^Invalid .* filter in item 0: /);
			} else {
				expect(serviceCalls.map((c) => c.body)).toEqual([
					{ ...(service as object), from: 0, size: 100 },
				]);
			}
			const onContract = await ctx.runAnz(search(filters), [{}], true);
			const contractCalls = ctx.sim.services.anz.calls.splice(0);
			expect(onContract.error).toBeUndefined();
			const body = contractCalls[0].body as Record<string, unknown>;
			const sent = {
				...body,
				...(body.locations ? { locations: [...(body.locations as string[])].sort() } : {}),
			};
			expect(sent).toEqual({ ...contract, from: 0, size: 100 });
		},
	);
});
