import nock from 'nock';

import { items, withSimulator } from '../../../../harness/enrichment';
import { runNockService } from '../../helpers';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

const EMAILS = [
	'a@example.com',
	'b@example.com',
	'c@example.com',
	'd@example.com',
	'e@example.com',
];
const SEEDS = { emails: EMAILS };
const lookalikes = (parameters: Record<string, unknown> = {}) => ({
	resource: 'contact',
	operation: 'findLookalikes',
	seedType: 'email',
	seeds: EMAILS.join(', '),
	...parameters,
});
const page = (from: number, count: number, hasMore: boolean, session = 's-1') => ({
	dedupeSessionId: session,
	results: Array.from({ length: count }, (_, n) => ({ id: `p-${from + n}` })),
	meta: { returned: count, hasMore },
	billing: { creditsCharged: count },
});

describe('Global Enrichment › Contact › Find Lookalikes (simulator)', () => {
	const ctx = withSimulator();

	it('sends the seeds and exclusions and returns the lookalikes, paired to the asking item', async () => {
		const result = await ctx.runGlobalService(lookalikes({ exclude: 'p-2001', limit: 25 }), [{}]);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => [c.method, c.path, c.body])).toEqual([
			['POST', '/v3/contacts/lookalike', { seeds: SEEDS, limit: 25, exclude: { ids: ['p-2001'] } }],
		]);
		// The restricted contact is never shown; the excluded one is left out.
		expect(
			items(result).map(({ json, pairedItem }) => [json.id, json.creditsCharged, pairedItem]),
		).toEqual([
			['p-2002', 1, { item: 0 }],
			['p-2003', 1, { item: 0 }],
		]);
	});
});

describe('Global Enrichment › Contact › Find Lookalikes (sessions and e-mail exclusions)', () => {
	const ctx = withSimulator();

	it('excludes by e-mail, shows the session on each result, and a later run continues it', async () => {
		const first = await ctx.runGlobalService(
			lookalikes({ excludeEmails: 'Ana.Silva@northwind.example.com', limit: 1 }),
			[{}],
		);
		expect(first.error).toBeUndefined();
		const [shown] = first.json();
		const session = String(shown.dedupeSessionId);
		expect(session).toMatch(/^[0-9a-f-]{36}$/);
		expect(shown).toMatchObject({ id: 'p-2002', creditsCharged: 1 });
		const next = await ctx.runGlobalService(
			lookalikes({
				excludeEmails: 'ana.silva@northwind.example.com',
				limit: 1,
				options: { dedupeSessionId: session },
			}),
			[{}],
		);
		expect(next.json().map((json) => [json.id, json.dedupeSessionId])).toEqual([
			['p-2003', session],
		]);
		expect(ctx.sim.services.global.calls.map((c) => c.body)).toEqual([
			{ seeds: SEEDS, limit: 1, exclude: { emails: ['ana.silva@northwind.example.com'] } },
			{
				seeds: SEEDS,
				limit: 1,
				exclude: { emails: ['ana.silva@northwind.example.com'] },
				dedupeSessionId: session,
			},
		]);
	});

	it.each([
		[
			{ excludeEmails: 'ana@x' },
			'Invalid "Exclude Emails" in item 0: address 1: "ana@x" is not an email address',
		],
		[
			{ options: { dedupeSessionId: 'session-1' } },
			'Invalid "Continue Session" in item 0: "session-1" is not a session ID (a UUID)',
		],
	])('%j is refused before any call', async (parameters, message) => {
		const result = await ctx.runGlobalService(lookalikes(parameters), [{}]);
		expect(result.error?.message).toBe(message);
		expect(ctx.sim.services.global.calls).toHaveLength(0);
	});
});

describe('Global Enrichment › Contact › Find Lookalikes (wire)', () => {
	afterEach(() => {
		nock.cleanAll();
		nock.enableNetConnect();
	});

	it('a Limit of 150 takes two calls asking exactly 100 then 50, through the session', async () => {
		const bodies: unknown[] = [];
		const scope = nock('https://global.test', { reqheaders: { api_key: 'g-secret' } })
			.post('/v3/contacts/lookalike', (body) => bodies.push(body) > 0)
			.reply(200, page(0, 100, true))
			.post('/v3/contacts/lookalike', (body) => bodies.push(body) > 0)
			.reply(200, page(100, 50, true));
		const result = await runNockService(lookalikes({ limit: 150 }), [{}]);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(bodies).toEqual([
			{ seeds: SEEDS, limit: 100 },
			{ seeds: SEEDS, limit: 50, dedupeSessionId: 's-1' },
		]);
		expect(result.json()).toHaveLength(150);
		expect(result.json()[149]).toEqual({ id: 'p-149', creditsCharged: 1, dedupeSessionId: 's-1' });
	});

	it('Return All pages until the service has no more, and no further', async () => {
		const scope = nock('https://global.test')
			.post('/v3/contacts/lookalike', (body) => body.limit === 100 && !body.dedupeSessionId)
			.reply(200, page(0, 100, true))
			.post('/v3/contacts/lookalike', (body) => body.dedupeSessionId === 's-1')
			.reply(200, page(100, 30, false));
		const result = await runNockService(lookalikes({ returnAll: true }), [{}]);
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(result.json()).toHaveLength(130);
	});

	it('an expired session says so and how to go on', async () => {
		nock('https://global.test')
			.post('/v3/contacts/lookalike')
			.reply(200, page(0, 100, true))
			.post('/v3/contacts/lookalike')
			.reply(410, {
				error: { code: 'DEDUPE_SESSION_INVALID', message: 'dedupeSessionId is unknown or expired' },
			});
		const result = await runNockService(lookalikes({ returnAll: true }), [{}]);
		expect(result.error?.message).toBe(
			'The service no longer knows the lookalike session of item 0 (unknown or expired) after 100 results',
		);
		expect(result.error?.description).toBe(
			'A session expires after 30 days of disuse. Run the node again: a new session starts from the first page (results already received may come again).',
		);
	});

	it.each([
		[
			'four seeds',
			{ seeds: EMAILS.slice(0, 4).join(',') },
			'Invalid "Seeds" in item 0: 4 different seeds given; the service takes 5 to 100',
		],
		[
			'101 seeds',
			{ seeds: Array.from({ length: 101 }, (_, n) => `s${n}@example.com`).join('\n') },
			'Invalid "Seeds" in item 0: 101 different seeds given; the service takes 5 to 100',
		],
		[
			'a seed that is no email',
			{ seeds: [...EMAILS.slice(0, 4), 'not-an-email'].join(',') },
			'Invalid "Seeds" in item 0: seed 5:',
		],
		[
			'a name seed without company',
			{
				seedType: 'name',
				seeds: 'Ana Lee, Acme\nBo Chen, Acme\nCy Diaz, Acme\nDi Eck, Acme\nEd Fox',
			},
			'Invalid "Seeds" in item 0: seed 5: "Ed Fox" is not "First Last, Company"',
		],
	])('%s is refused before any call', async (_case, parameters, message) => {
		nock.disableNetConnect();
		const result = await runNockService(lookalikes(parameters), [{}]);
		expect(result.error?.message.startsWith(message)).toBe(true);
	});

	it('name and company seeds go as first name, last name and company', async () => {
		let sent: unknown;
		nock('https://global.test')
			.post('/v3/contacts/lookalike', (body) => {
				sent = body;
				return true;
			})
			.reply(200, page(0, 1, false));
		const names = ['Ana Lee', 'Bo Chen', 'Cy Diaz', 'Di Eck', 'Ed van Fox'];
		await runNockService(
			lookalikes({
				seedType: 'name',
				seeds: names.map((name) => `${name}, Acme Inc`).join('\n'),
				limit: 1,
			}),
			[{}],
		);
		expect(sent).toEqual({
			seeds: {
				contacts: names.map((name) => ({
					firstName: name.split(' ')[0],
					lastName: name.split(' ').slice(1).join(' '),
					companyName: 'Acme Inc',
				})),
			},
			limit: 1,
		});
	});
});

describe('Global Enrichment › Contact › Find Lookalikes (seeds of several kinds)', () => {
	const ctx = withSimulator();
	const mixed = (parameters: Record<string, unknown>) =>
		lookalikes({ seedType: 'mixed', seeds: '', ...parameters });

	it('sends every kind in one request, each kind checked and once, 5 to 100 in all', async () => {
		const result = await ctx.runGlobalService(
			mixed({
				seedEmails: 'a@example.com, A@example.com\nb@example.com',
				seedIds: 'p-2001, p-2002',
				seedNames: 'Ana Lee, Acme Inc',
				seedLinkedinUrls: 'https://www.linkedin.com/in/bo-chen',
				limit: 2,
			}),
			[{}],
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => [c.method, c.path, c.body])).toEqual([
			[
				'POST',
				'/v3/contacts/lookalike',
				{
					seeds: {
						emails: ['a@example.com', 'b@example.com'],
						ids: ['p-2001', 'p-2002'],
						contacts: [{ firstName: 'Ana', lastName: 'Lee', companyName: 'Acme Inc' }],
						linkedinUrls: ['https://www.linkedin.com/in/bo-chen'],
					},
					limit: 2,
				},
			],
		]);
		expect(result.json()).toHaveLength(2);
	});

	it('a bad seed names its field; too few in all are refused; neither sends anything', async () => {
		const badUrl = await ctx.runGlobalService(
			mixed({ seedEmails: EMAILS.join(','), seedLinkedinUrls: 'not a url' }),
			[{}],
		);
		expect(badUrl.error?.message).toMatch(
			/^Invalid "Seed Network Profile URLs" in item 0: seed 1: /,
		);
		const tooFew = await ctx.runGlobalService(
			mixed({ seedEmails: 'a@example.com, b@example.com', seedIds: 'p-2001, p-2002' }),
			[{}],
		);
		expect(tooFew.error?.message).toBe(
			'Invalid "Seed Emails", "Seed IDs", "Seed Names and Companies", "Seed Network Profile URLs" in item 0: 4 different seeds given in all; the service takes 5 to 100',
		);
		const tooMany = await ctx.runGlobalService(
			mixed({
				seedEmails: Array.from({ length: 60 }, (_, n) => `s${n}@example.com`).join(','),
				seedIds: Array.from({ length: 41 }, (_, n) => `p-${n}`).join(','),
			}),
			[{}],
		);
		expect(tooMany.error?.message).toMatch(/: 101 different seeds given in all; /);
		expect(ctx.sim.services.global.calls).toHaveLength(0);
	});
});
