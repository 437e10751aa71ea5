import nock from 'nock';

import { runWorkflow, type RunResult } from '../../harness';
import {
	ANZ_KEY,
	items,
	withSimulator,
	apiCall,
	serviceCredential,
	type EnrichmentContext,
} from '../../harness/enrichment';
import type { EnrichmentCall } from '../../simulator/enrichmentBase';
import { JANE_SIMPLE, SOUTHERN_CROSS_SIMPLE } from './fixtures';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

/**
 * Every operation on the service's own API (the credential's default): real paths, query
 * parameter names and answers; the outputs have the same shape as on the connection contract.
 */

/** A recorded call without its credit count. */
const withoutCredits = (recorded: EnrichmentCall) => {
	const copy: Partial<EnrichmentCall> = { ...recorded };
	delete copy.credits;
	return copy;
};

const call = (method: string, path: string, query?: string, body?: unknown) => ({
	method,
	path,
	query,
	apiKey: ANZ_KEY,
	body,
	status: 200,
});

describe('ANZ Sales Intelligence on the service API: wire format', () => {
	it('a new credential calls GET https://api.firmable.com/people with the Bearer key and the real parameter name', async () => {
		const scope = nock('https://api.firmable.com', {
			reqheaders: { authorization: 'Bearer fbl_secret' },
		})
			.get('/people')
			.query({ ln_url: 'https://www.linkedin.com/in/jane-doe' })
			.reply(200, { id: 'fp9', name: 'Jane Doe', first_name: 'Jane', last_name: 'Doe' });
		const result = await runWorkflow({
			nodes: {
				type: 'anzSalesIntelligence',
				parameters: {
					resource: 'person',
					operation: 'enrich',
					identifyBy: 'networkUrl',
					networkUrl: 'linkedin.com/in/Jane-Doe/',
				} as never,
				credentialTypes: ['anzSalesIntelligenceApi'],
			},
			// As n8n saves a new credential: the defaults of the shown fields.
			credentials: {
				anzSalesIntelligenceApi: serviceCredential('https://api.firmable.com', ' fbl_secret '),
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(items(result)).toEqual([
			{
				json: { found: true, id: 'fp9', name: 'Jane Doe', firstName: 'Jane', lastName: 'Doe' },
				pairedItem: { item: 0 },
			},
		]);
	});
});

/**
 * Enriches one `resource` per `[identifyBy, value]` lookup, each in its own run on the service API;
 * `error` is the first run's error, `json()` the first output item of each run.
 */
const enrichOneByOne = async (
	ctx: EnrichmentContext,
	resource: string,
	lookups: Array<[string, string]>,
) => {
	const results: RunResult[] = [];
	for (const [identifyBy, value] of lookups) {
		results.push(
			await ctx.runAnzService({ resource, operation: 'enrich', identifyBy, [identifyBy]: value }),
		);
	}
	return {
		error: results.find((r) => r.error)?.error,
		json: () => results.map((r) => r.json()[0]),
	};
};

describe('ANZ Sales Intelligence on the service API: Person → Enrich', () => {
	const ctx = withSimulator();

	it('by profile URL, e-mail and slug: GET /people with ln_url, work_email, ln_slug; same output as the contract', async () => {
		const result = await enrichOneByOne(ctx, 'person', [
			['networkUrl', 'https://au.linkedin.com/in/Jane-Citizen/?trk=share'],
			['email', 'TOM.NGUYEN@kookaburra.example.com.au'],
			['networkSlug', 'No-Such-Person'],
		]);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.anz.calls.map(withoutCredits)).toEqual([
			call('GET', '/people', 'ln_url=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fjane-citizen'),
			call('GET', '/people', 'work_email=tom.nguyen%40kookaburra.example.com.au'),
			call('GET', '/people', 'ln_slug=no-such-person'),
		]);
		const [jane, tom, none] = result.json();
		// The service reports no credits, so the items carry no creditsCharged.
		expect(jane).toEqual({ found: true, ...JANE_SIMPLE });
		expect(tom).toMatchObject({ found: true, id: 'fp0002', name: 'Tom Nguyen' });
		expect(tom.creditsCharged).toBeUndefined();
		// No match: an answer without `id` (HTTP 200).
		expect(none).toEqual({ found: false, input: { networkSlug: 'No-Such-Person' } });
		expect(ctx.sim.services.anz.creditsSpent).toBe(3);
	});

	it('identical lookups are sent once; Error on No Match fails the item', async () => {
		const result = await ctx.runAnzService(
			{
				resource: 'person',
				operation: 'enrich',
				identifyBy: 'networkSlug',
				networkSlug: '={{ $json.v }}',
				options: { errorOnNoMatch: true },
			},
			[{ v: 'tom-nguyen' }, { v: 'TOM-NGUYEN' }, { v: 'nobody-here' }],
			true,
		);
		expect(ctx.sim.services.anz.calls.map((c) => c.query)).toEqual([
			'ln_slug=tom-nguyen',
			'ln_slug=nobody-here',
		]);
		expect(result.json()[2]).toEqual({
			error: 'No person matches item 2',
			input: { networkSlug: 'nobody-here' },
		});
	});
});

describe('ANZ Sales Intelligence on the service API: Company → Enrich', () => {
	const ctx = withSimulator();

	it('by domain, ABN, company URL and website: GET /company with fqdn, abn, ln_url, website', async () => {
		const result = await enrichOneByOne(ctx, 'company', [
			['domain', 'https://www.SouthernCross.example.com.au/about'],
			['abn', '53 004 085 616'],
			['networkUrl', 'https://www.linkedin.com/company/harbour-freight/'],
			['website', 'nowhere.example.org'],
		]);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.anz.calls.map((c) => `${c.method} ${c.path}?${c.query}`)).toEqual([
			'GET /company?fqdn=southerncross.example.com.au',
			'GET /company?abn=53004085616',
			'GET /company?ln_url=https%3A%2F%2Fwww.linkedin.com%2Fcompany%2Fharbour-freight',
			'GET /company?website=https%3A%2F%2Fnowhere.example.org',
		]);
		const [southernCross, kookaburra, harbour, none] = result.json();
		expect(southernCross).toEqual({ found: true, ...SOUTHERN_CROSS_SIMPLE });
		expect(kookaburra).toMatchObject({ found: true, id: 'f000000300003', abn: '53004085616' });
		expect(harbour).toMatchObject({ found: true, id: 'f000000200001' });
		expect(none).toEqual({ found: false, input: { website: 'nowhere.example.org' } });
	});

	it('a bad ABN costs no call on either API', async () => {
		const result = await ctx.runAnzService(
			{ resource: 'company', operation: 'enrich', identifyBy: 'abn', abn: '51 824 753 557' },
			[{}],
			true,
		);
		expect(ctx.sim.services.anz.calls).toHaveLength(0);
		expect(result.json()[0].error).toBe(
			'Invalid "ABN" in item 0: The ABN "51 824 753 557" fails the ABN checksum (a digit is wrong or swapped)',
		);
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
		expect(byName.json()[0].error).toBe(
			'Invalid Company filter in item 0: the service\'s own API takes the company\'s ID (such as f000000117274), not "Kookaburra Retail"; get the ID from Company → Enrich',
		);
		expect(bySize.json()[0].error).toBe(
			"Invalid Company Size filter in item 0: the service's own search has no company-size filter; remove it or use the connection contract",
		);
		expect(twoCountries.json()[0].error).toBe(
			"Invalid Location filter in item 0: the service's own search takes one country; choose places in Australia or in New Zealand, not both",
		);
		// Never silently broadened: a state would return people from every state.
		expect(byState.json()[0].error).toBe(
			"Invalid Location filter in item 0: the service's own search filters by country only and its results carry no state or region, so AU-NSW, AU-VIC would return people from the whole country; choose Australia or New Zealand (all), or use the connection contract",
		);
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

describe('ANZ Sales Intelligence on the service API: API Call', () => {
	const ctx = withSimulator();

	it("reaches the service API's own paths with the credential's key", async () => {
		const result = await ctx.runAnzService(
			apiCall('GET', '/company', {
				queryParameters: { parameter: [{ name: 'id', value: 'f000000200001' }] },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.anz.calls.map(withoutCredits)).toEqual([
			call('GET', '/company', 'id=f000000200001'),
		]);
		expect(result.json()[0]).toMatchObject({ id: 'f000000200001', name: 'Harbour Freight Co' });
	});
});
