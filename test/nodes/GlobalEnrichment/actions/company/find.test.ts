import { withSimulator } from '../../../../harness/enrichment';
import { NORTHWIND } from '../../fixtures';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describe('Global Enrichment: Company → Find and Enrich', () => {
	const ctx = withSimulator();

	it('Find by domain and by name', async () => {
		const byDomain = await ctx.runGlobal({
			resource: 'company',
			operation: 'find',
			identifyBy: 'domain',
			domain: 'https://www.Northwind.example.com/about',
		});
		const byName = await ctx.runGlobal({
			resource: 'company',
			operation: 'find',
			identifyBy: 'name',
			name: ' contoso  gmbh ',
		});
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			['/company', { domain: 'northwind.example.com' }],
			['/company', { name: 'contoso gmbh' }],
		]);
		expect(byDomain.json()).toEqual([NORTHWIND]);
		expect(byName.json()).toEqual([
			expect.objectContaining({ found: true, id: 'c-1002', name: 'Contoso GmbH' }),
		]);
	});
});
