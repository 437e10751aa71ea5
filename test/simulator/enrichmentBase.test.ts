import type { SimRequest } from './server';
import { AnzEnrichmentService, DEMO_ANZ_SEED } from './anzSalesIntelligence';
import { DEMO_GLOBAL_SEED, GlobalEnrichmentService } from './globalEnrichment';

/** Both services document 50 requests per second: the simulators refuse the 51st with 429. */
describe('enrichment simulators: 50 requests per second', () => {
	let now: jest.SpyInstance<number, []>;
	beforeEach(() => {
		now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
	});
	afterEach(() => now.mockRestore());

	const request = (
		path: string,
		headers: Record<string, string>,
		query = '',
		body: unknown = {},
	): SimRequest => ({
		method: query ? 'GET' : 'POST',
		path,
		query: new URLSearchParams(query),
		headers,
		body,
		rawBody: JSON.stringify(body),
	});

	const anzCall = (key = 'anz-demo-key') =>
		request('/anz/people', { authorization: `Bearer ${key}` }, 'work_email=x@example.com.au');
	const globalCall = (kind: 'contacts' | 'companies', key = 'global-demo-key') =>
		request(`/global/v3/${kind}/search-and-enrich`, { api_key: key }, '', {
			// Each kind's own identifier: the service refuses a field its records do not define.
			[kind]: [
				{
					clientReferenceId: '0',
					...(kind === 'contacts' ? { email: 'x@example.com' } : { domain: 'example.com' }),
				},
			],
		});

	it('ANZ: per API key; the 51st request within a second is refused, and a second later accepted', () => {
		const anz = new AnzEnrichmentService({
			...DEMO_ANZ_SEED,
			apiKeys: ['anz-demo-key', 'anz-other-key'],
		});
		const statuses = Array.from({ length: 51 }, () => anz.handle(anzCall()).status);
		expect(statuses.filter((status) => status === 429)).toHaveLength(1);
		expect(statuses[50]).toBe(429);
		expect(anz.handle(anzCall('anz-other-key')).status).toBe(200);
		now.mockReturnValue(1_000_999);
		expect(anz.handle(anzCall()).status).toBe(429);
		now.mockReturnValue(1_001_000);
		expect(anz.handle(anzCall()).status).toBe(200);
	});

	it('Global: per API key and endpoint', () => {
		const global = new GlobalEnrichmentService(DEMO_GLOBAL_SEED);
		const statuses = Array.from({ length: 51 }, () => global.handle(globalCall('contacts')).status);
		expect(statuses.slice(0, 50).every((status) => status === 200)).toBe(true);
		expect(statuses[50]).toBe(429);
		expect(global.handle(globalCall('companies')).status).toBe(200);
	});

	it('a refused request does not count against the window', () => {
		const anz = new AnzEnrichmentService(DEMO_ANZ_SEED);
		for (let n = 0; n < 50; n++) anz.handle(anzCall());
		now.mockReturnValue(1_000_500);
		expect(anz.handle(anzCall()).status).toBe(429);
		now.mockReturnValue(1_001_000);
		expect(anz.handle(anzCall()).status).toBe(200);
	});
});
