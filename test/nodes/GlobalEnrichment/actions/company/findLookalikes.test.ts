import nock from 'nock';

import { withSimulator } from '../../../../harness/enrichment';
import { runNockService } from '../../helpers';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

const DOMAINS = ['example.com', 'example.org', 'example.net', 'acme.example', 'globex.example'];
const lookalikes = (parameters: Record<string, unknown> = {}) => ({
	resource: 'company',
	operation: 'findLookalikes',
	seedType: 'domain',
	seeds: DOMAINS.join('\n'),
	...parameters,
});

describe('Global Enrichment › Company › Find Lookalikes', () => {
	const ctx = withSimulator();
	afterEach(() => {
		nock.cleanAll();
		nock.enableNetConnect();
	});

	it('sends domain seeds and returns the lookalike companies', async () => {
		const result = await ctx.runGlobalService(lookalikes({ limit: 2 }), [{}]);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			['/v3/companies/lookalike', { seeds: { domains: DOMAINS }, limit: 2 }],
		]);
		expect(result.json().map((json) => [json.id, json.creditsCharged])).toEqual([
			['c-1001', 1],
			['c-1002', 1],
		]);
	});

	it('excludes companies by domain, grouped like the seeds', async () => {
		const result = await ctx.runGlobalService(
			lookalikes({ limit: 2, exclude: 'northwind.example.com, Contoso.Example.de' }),
			[{}],
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => c.body)).toEqual([
			{
				seeds: { domains: DOMAINS },
				limit: 2,
				exclude: { domains: ['northwind.example.com', 'contoso.example.de'] },
			},
		]);
		expect(result.json().map((json) => json.domain)).toEqual(['fabrikam.example.com.au']);
	});

	it('an excluded domain that is no domain is refused before any call', async () => {
		nock.disableNetConnect();
		const result = await runNockService(lookalikes({ exclude: 'example.com, a@b.example' }), [{}]);
		expect(result.error?.message).toMatch(/^Invalid "Exclude Domains" in item 0: domain 2: /);
	});

	it('a session with no more results ends the paging after one call', async () => {
		const scope = nock('https://global.test')
			.post('/v3/companies/lookalike')
			.reply(200, {
				dedupeSessionId: 's-1',
				results: [{ id: 'c-1' }],
				meta: { returned: 1, hasMore: false },
				billing: { creditsCharged: 1 },
			});
		const result = await runNockService(lookalikes({ returnAll: true }), [{}]);
		expect(scope.isDone()).toBe(true);
		expect(result.json()).toEqual([{ id: 'c-1', creditsCharged: 1, dedupeSessionId: 's-1' }]);
	});

	it('a bill that does not divide evenly goes whole on the first record, never in fractions', async () => {
		nock('https://global.test')
			.post('/v3/companies/lookalike')
			.reply(200, {
				dedupeSessionId: 's-1',
				results: [{ id: 'c-1' }, { id: 'c-2' }],
				meta: { returned: 2, hasMore: false },
				billing: { creditsCharged: 3 },
			});
		const result = await runNockService(lookalikes({ limit: 2 }), [{}]);
		expect(result.json()).toEqual([
			{ id: 'c-1', callBilling: { creditsCharged: 3 }, dedupeSessionId: 's-1' },
			{ id: 'c-2', dedupeSessionId: 's-1' },
		]);
	});

	it('a seed that is no domain is refused before any call', async () => {
		nock.disableNetConnect();
		const result = await runNockService(
			lookalikes({ seeds: [...DOMAINS.slice(0, 4), 'not a domain'].join(',') }),
			[{}],
		);
		expect(result.error?.message).toMatch(/^Invalid "Seeds" in item 0: seed 5: /);
	});
});

describe('Global Enrichment › Company › Find Lookalikes (seeds of several kinds)', () => {
	const ctx = withSimulator();

	it('domains and page URLs go together in one request, counted together', async () => {
		const result = await ctx.runGlobalService(
			lookalikes({
				seedType: 'mixed',
				seeds: '',
				seedDomains: DOMAINS.slice(0, 3).join(', '),
				seedLinkedinUrls:
					'https://www.linkedin.com/company/acme\nhttps://www.linkedin.com/company/globex',
				limit: 1,
			}),
			[{}],
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			[
				'/v3/companies/lookalike',
				{
					seeds: {
						domains: DOMAINS.slice(0, 3),
						linkedinUrls: [
							'https://www.linkedin.com/company/acme',
							'https://www.linkedin.com/company/globex',
						],
					},
					limit: 1,
				},
			],
		]);
	});

	it('a bad domain names its field, before any call', async () => {
		const result = await ctx.runGlobalService(
			lookalikes({ seedType: 'mixed', seeds: '', seedDomains: 'example.com, not a domain' }),
			[{}],
		);
		expect(result.error?.message).toMatch(/^Invalid "Seed Domains" in item 0: seed 2: /);
		expect(ctx.sim.services.global.calls).toHaveLength(0);
	});
});
