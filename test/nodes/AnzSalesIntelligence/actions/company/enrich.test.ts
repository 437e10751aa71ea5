import { items, withSimulator } from '../../../../harness/enrichment';
import { SOUTHERN_CROSS_SIMPLE } from '../../fixtures';
import { enrichOneByOne } from '../../helpers';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describe('ANZ Sales Intelligence: Company → Enrich', () => {
	const ctx = withSimulator();

	it('by domain, company URL, ABN (spaces removed) and website: one identifier per body', async () => {
		const cases: Array<[string, string]> = [
			['domain', 'WWW.SouthernCross.example.com.au'],
			['networkUrl', 'https://www.linkedin.com/company/harbour-freight/'],
			['abn', '53 004 085 616'],
			['website', 'kookaburra.example.com.au/'],
		];
		const outputs = [];
		for (const [identifyBy, value] of cases) {
			const result = await ctx.runAnz(
				{
					resource: 'company',
					operation: 'enrich',
					identifyBy,
					[identifyBy]: '={{ $json.v }}',
				},
				[{ v: value }],
			);
			expect(result.error).toBeUndefined();
			outputs.push(...items(result));
		}
		expect(ctx.sim.services.anz.calls.map((c) => [c.path, c.body])).toEqual([
			['/enrich/company', { domain: 'southerncross.example.com.au' }],
			['/enrich/company', { network_url: 'https://www.linkedin.com/company/harbour-freight' }],
			['/enrich/company', { abn: '53004085616' }],
			['/enrich/company', { website: 'https://kookaburra.example.com.au' }],
		]);
		expect(outputs).toEqual([
			{
				json: { found: true, creditsCharged: 1, ...SOUTHERN_CROSS_SIMPLE },
				pairedItem: { item: 0 },
			},
			{
				json: expect.objectContaining({
					found: true,
					id: 'f000000200001',
					name: 'Harbour Freight Co',
				}),
				pairedItem: { item: 0 },
			},
			{
				json: expect.objectContaining({ found: true, id: 'f000000300003', abn: '53004085616' }),
				pairedItem: { item: 0 },
			},
			{
				json: expect.objectContaining({ found: true, id: 'f000000300003', creditsCharged: 1 }),
				pairedItem: { item: 0 },
			},
		]);
		expect(ctx.sim.services.anz.creditsSpent).toBe(4);
	});

	it('unknown ABN with a valid checksum: found false', async () => {
		const result = await ctx.runAnz({
			resource: 'company',
			operation: 'enrich',
			identifyBy: 'abn',
			abn: '47065475149',
		});
		expect(result.json()).toEqual([
			{ found: false, input: { abn: '47065475149' }, creditsCharged: 0 },
		]);
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
