import { GLOBAL_KEY, items, withSimulator } from '../../../../harness/enrichment';
import { ANA, contact } from '../../fixtures';
import { SERVICE_COULD_NOT_LOOK_UP_CONTACT } from '../../messages';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describe('Global Enrichment: Contact → Find', () => {
	const ctx = withSimulator();

	it('by e-mail, profile URL, and name + company; one call each', async () => {
		const runs = [
			await ctx.runGlobal(contact('find'), [{ email: 'Ana.Silva@Northwind.example.com' }]),
			await ctx.runGlobal(
				contact('find', { identifyBy: 'networkUrl', networkUrl: '={{ $json.url }}' }),
				[{ url: 'https://de.linkedin.com/in/jonas-becker/' }],
			),
			await ctx.runGlobal(
				contact('find', {
					identifyBy: 'name',
					firstName: '={{ $json.first }}',
					lastName: '={{ $json.last }}',
					company: '={{ $json.company }}',
				}),
				[{ first: 'mia', last: 'TAYLOR', company: 'fabrikam.example.com.au' }],
			),
		];
		expect(ctx.sim.services.global.calls.map((c) => [c.method, c.path, c.apiKey, c.body])).toEqual([
			['POST', '/person', GLOBAL_KEY, { email: 'ana.silva@northwind.example.com' }],
			['POST', '/person', GLOBAL_KEY, { networkUrl: 'https://www.linkedin.com/in/jonas-becker' }],
			[
				'POST',
				'/person',
				GLOBAL_KEY,
				{ firstName: 'mia', lastName: 'TAYLOR', company: 'fabrikam.example.com.au' },
			],
		]);
		expect(runs.map((run) => items(run))).toEqual([
			[{ json: { found: true, creditsCharged: 2, ...ANA }, pairedItem: { item: 0 } }],
			[
				{
					json: expect.objectContaining({ found: true, creditsCharged: 1, id: 'p-2002' }),
					pairedItem: { item: 0 },
				},
			],
			[
				{
					json: expect.objectContaining({ found: true, creditsCharged: 1, id: 'p-2003' }),
					pairedItem: { item: 0 },
				},
			],
		]);
	});

	it('no match: found false with the input echoed', async () => {
		const result = await ctx.runGlobal(contact('find'), [{ email: 'ghost@example.com' }]);
		expect(items(result)).toEqual([
			{
				json: { found: false, input: { email: 'ghost@example.com' }, creditsCharged: 0 },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('a per-record refusal fails the node naming the item', async () => {
		const result = await ctx.runGlobal(contact('find'), [
			{ email: 'ana.silva@northwind.example.com' },
			{ email: 'eve@contoso.example.de' },
		]);
		expect(result.error?.message).toBe(SERVICE_COULD_NOT_LOOK_UP_CONTACT);
		expect(result.error?.context.itemIndex).toBe(1);
	});
});
