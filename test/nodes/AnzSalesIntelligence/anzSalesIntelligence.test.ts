import nock from 'nock';

import { runWorkflow } from '../../harness';
import { DEMO_ANZ_SEED, generateAnzPeople } from '../../simulator/anzSalesIntelligence';
import { ANZ_KEY, items, withSimulator, apiCall } from '../../harness/enrichment';
import { JANE_SIMPLE, SOUTHERN_CROSS_SIMPLE } from './fixtures';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

const personEnrich = (parameters: Record<string, unknown>) => ({
	resource: 'person',
	operation: 'enrich',
	...parameters,
});

describe('ANZ Sales Intelligence: wire format', () => {
	it('sends POST <base>/enrich/person with the Bearer key and a JSON body of one identifier', async () => {
		const scope = nock('https://anz.test', {
			reqheaders: { authorization: 'Bearer secret-key', 'content-type': /application\/json/ },
		})
			.post('/api/enrich/person', { email: 'a.b@example.com.au' })
			.reply(
				200,
				{ id: 'fp9', name: 'A B', first_name: 'A', last_name: 'B' },
				{ 'x-credits-charged': '1' },
			);
		const result = await runWorkflow({
			nodes: {
				type: 'anzSalesIntelligence',
				parameters: personEnrich({
					identifyBy: 'email',
					email: ' A.B@Example.com.au ',
					simplify: false,
				}),
				credentialTypes: ['anzSalesIntelligenceApi'],
			},
			credentials: {
				anzSalesIntelligenceApi: { baseUrl: 'https://anz.test/api/', apiKey: 'secret-key' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(items(result)).toEqual([
			{
				json: {
					found: true,
					creditsCharged: 1,
					id: 'fp9',
					name: 'A B',
					first_name: 'A',
					last_name: 'B',
				},
				pairedItem: { item: 0 },
			},
		]);
	});
});

describe('ANZ Sales Intelligence: Person → Enrich', () => {
	const ctx = withSimulator();

	it('by profile URL: sends the canonical URL and returns the simplified person with its credits', async () => {
		const result = await ctx.runAnz(
			personEnrich({ identifyBy: 'networkUrl', networkUrl: '={{ $json.url }}' }),
			[{ url: 'https://au.linkedin.com/in/Jane-Citizen/?trk=share' }],
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.anz.calls).toEqual([
			{
				method: 'POST',
				path: '/enrich/person',
				apiKey: ANZ_KEY,
				body: { network_url: 'https://www.linkedin.com/in/jane-citizen' },
				status: 200,
				credits: 2,
			},
		]);
		expect(result.json()).toEqual([{ found: true, creditsCharged: 2, ...JANE_SIMPLE }]);
	});

	it('by e-mail and by slug; Simplify off returns the raw record', async () => {
		const byEmail = await ctx.runAnz(
			personEnrich({ identifyBy: 'email', email: '={{ $json.v }}', simplify: false }),
			[{ v: 'TOM.NGUYEN@kookaburra.example.com.au' }],
		);
		const bySlug = await ctx.runAnz(
			personEnrich({ identifyBy: 'networkSlug', networkSlug: '={{ $json.v }}', simplify: false }),
			[{ v: 'Aroha-Walker' }],
		);
		expect(ctx.sim.services.anz.calls.map((c) => c.body)).toEqual([
			{ email: 'tom.nguyen@kookaburra.example.com.au' },
			{ network_slug: 'aroha-walker' },
		]);
		/** The one output item of a full (not simplified) record of the seed's `person`. */
		const foundPerson = (person: number, creditsCharged: number) => [
			{
				json: {
					found: true,
					creditsCharged,
					...ctx.sim.services.anz.personRecord(DEMO_ANZ_SEED.people[person]),
				},
				pairedItem: { item: 0 },
			},
		];
		expect(items(byEmail)).toEqual(foundPerson(1, 1));
		expect(items(bySlug)).toEqual(foundPerson(2, 2));
	});

	it('no match is data: found false, the input echoed, nothing charged', async () => {
		const result = await ctx.runAnz(
			personEnrich({ identifyBy: 'email', email: '={{ $json.email }}' }),
			[{ email: 'Nobody@Example.com' }],
		);
		expect(result.error).toBeUndefined();
		expect(items(result)).toEqual([
			{
				json: { found: false, input: { email: 'Nobody@Example.com' }, creditsCharged: 0 },
				pairedItem: { item: 0 },
			},
		]);
		expect(ctx.sim.services.anz.creditsSpent).toBe(0);
	});

	it('no match with "Error on No Match": the node fails naming the item', async () => {
		const result = await ctx.runAnz(
			personEnrich({
				identifyBy: 'networkSlug',
				networkSlug: '={{ $json.slug }}',
				options: { errorOnNoMatch: true },
			}),
			[{ slug: 'jane-citizen' }, { slug: 'no-such-person' }, { slug: 'tom-nguyen' }],
		);
		expect(result.error?.message).toBe(
			'No person matches item 1. Done before it stopped: 2 of 3 items answered (items 0-1); not done: 1 (item 2) (first not done: item 2 {"networkSlug":"tom-nguyen"})',
		);
		expect(result.error?.context.itemIndex).toBe(1);
		expect(result.error?.description).toBe(
			'The service found no person for {"networkSlug":"no-such-person"}. Turn off "Error on No Match" to get an item with "found: false" instead. The answered items were paid for; turn on Continue On Fail to get their results next time. To finish this run without paying twice, run only the items not done (item 2), for example with a filter on their item numbers.',
		);
		// The run stops at the no match: the third lookup is never sent.
		expect(ctx.sim.services.anz.calls.map((c) => c.body)).toEqual([
			{ network_slug: 'jane-citizen' },
			{ network_slug: 'no-such-person' },
		]);
	});

	it('no match with "Error on No Match" under Continue On Fail: an error item, the others enriched', async () => {
		const result = await ctx.runAnz(
			personEnrich({
				identifyBy: 'networkSlug',
				networkSlug: '={{ $json.slug }}',
				options: { errorOnNoMatch: true },
			}),
			[{ slug: 'no-such-person' }, { slug: 'jane-citizen' }],
			true,
		);
		expect(result.error).toBeUndefined();
		expect(items(result)).toEqual([
			{
				json: { error: 'No person matches item 0', input: { networkSlug: 'no-such-person' } },
				pairedItem: { item: 0 },
			},
			{ json: { found: true, creditsCharged: 2, ...JANE_SIMPLE }, pairedItem: { item: 1 } },
		]);
	});

	it('sends identical lookups once and gives the result to every item that asked', async () => {
		const result = await ctx.runAnz(
			personEnrich({ identifyBy: 'networkUrl', networkUrl: '={{ $json.url }}' }),
			[
				{ url: 'https://www.linkedin.com/in/jane-citizen' },
				{ url: 'linkedin.com/in/JANE-CITIZEN/' },
				{ url: 'https://www.linkedin.com/in/tom-nguyen' },
				{ url: 'http://au.linkedin.com/in/jane-citizen?x=1' },
			],
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.anz.calls.map((c) => c.body)).toEqual([
			{ network_url: 'https://www.linkedin.com/in/jane-citizen' },
			{ network_url: 'https://www.linkedin.com/in/tom-nguyen' },
		]);
		expect(
			result.output().map((item) => [item.json.id, item.json.creditsCharged, item.pairedItem]),
		).toEqual([
			['fp0001', 2, { item: 0 }],
			['fp0001', 0, { item: 1 }],
			['fp0002', 1, { item: 2 }],
			['fp0001', 0, { item: 3 }],
		]);
		expect(ctx.sim.services.anz.creditsSpent).toBe(3);
	});
});

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

describe('ANZ Sales Intelligence: API Call', () => {
	const ctx = withSimulator();

	it('GET a path relative to the base URL, with query parameters', async () => {
		const result = await ctx.runAnz(
			apiCall('GET', 'account/usage', {
				queryParameters: { parameter: [{ name: 'detail', value: 'full' }] },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.anz.calls).toEqual([
			{
				method: 'GET',
				path: '/account/usage',
				query: 'detail=full',
				apiKey: ANZ_KEY,
				body: undefined,
				status: 200,
				credits: 0,
			},
		]);
		expect(items(result)).toEqual([
			{
				json: { credits_remaining: 10_000, credits_used: 0, plan: 'simulated' },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('POST a JSON body', async () => {
		const result = await ctx.runAnz(
			apiCall('POST', '/enrich/company', { body: '{"domain":"kookaburra.example.com.au"}' }),
		);
		expect(ctx.sim.services.anz.calls.map((c) => [c.method, c.path, c.body])).toEqual([
			['POST', '/enrich/company', { domain: 'kookaburra.example.com.au' }],
		]);
		expect(result.json()[0]).toMatchObject({
			id: 'f000000300003',
			fqdn: 'kookaburra.example.com.au',
		});
	});

	it('refuses an absolute URL to another host', async () => {
		const result = await ctx.runAnz(apiCall('GET', 'https://elsewhere.example.com/steal'));
		expect(result.error?.message).toBe(
			'Endpoint refused in item 0: The endpoint is an absolute URL or names another host; only a path is allowed',
		);
		expect(ctx.sim.services.anz.calls).toHaveLength(0);
	});

	it('a service error becomes a NodeApiError with the service message', async () => {
		const result = await ctx.runAnz(apiCall('GET', '/no/such/path'));
		expect(result.error?.message).toBe(
			"The sales-intelligence service has no GET /no/such/path (HTTP 404): No route GET /no/such/path; the credential's API or base URL is probably wrong",
		);
		expect(result.error?.description).toMatch(
			/^Check the API chosen in the credential: the service's own API and the connection contract have different paths\. \(request ID anz-req-\d{6}\)$/,
		);
	});
});

/** What a 502 on a charged lookup says, and how to fix it. */
const MAY_HAVE_CHARGED =
	'The sales-intelligence service may have run and charged POST /enrich/person: it answered HTTP 502. It was not repeated, so no credit is spent twice';
const CHECK_CREDIT_HISTORY =
	"Check the service's usage or credit history before running this item again. The other items went on.";

describe('ANZ Sales Intelligence: credits and rate limits', () => {
	const ctx = withSimulator(() => ({ anz: { ...DEMO_ANZ_SEED, credits: 3 } }));

	const NO_CREDITS =
		'The sales-intelligence service account has no credits left (HTTP 402): Insufficient credits for this operation; top up the credits';

	/** Person → Enrich by slug with the contract credential and its pace setting. */
	const enrichSlugs = async (slugs: string[], continueOnFail: boolean, requestsPerSecond = 1) =>
		await runWorkflow({
			nodes: {
				type: 'anzSalesIntelligence',
				parameters: personEnrich({
					identifyBy: 'networkSlug',
					networkSlug: '={{ $json.slug }}',
				}) as never,
				credentialTypes: ['anzSalesIntelligenceApi'],
				continueOnFail,
			},
			items: slugs.map((slug) => ({ slug })),
			credentials: {
				anzSalesIntelligenceApi: {
					baseUrl: `${ctx.sim.url}/anz`,
					apiKey: ANZ_KEY,
					requestsPerSecond,
				},
			},
		});

	it('402 under Continue On Fail: the answered item keeps its paid record, the rest get the error, nothing more is sent', async () => {
		// One lookup in flight (1 per second; the pauses take no time here): the order is fixed.
		const result = await enrichSlugs(['jane-citizen', 'aroha-walker', 'tom-nguyen'], true);
		expect(result.error).toBeUndefined();
		const json = result.json();
		expect(json[0]).toMatchObject({ found: true, id: 'fp0001', creditsCharged: 2 });
		expect(json[1].error).toBe(NO_CREDITS);
		expect(json[1].description).toMatch(
			/^Top up the account's credits or wait for the plan to renew\. The node stopped and sent no further lookups, so no more credits are spent\. \(request ID anz-req-\d{6}\)$/,
		);
		expect(json[2].error).toBe(
			`Not looked up: the run stopped before this item was sent (${NO_CREDITS})`,
		);
		expect(ctx.sim.services.anz.calls.map((c) => c.status)).toEqual([200, 402]);
		expect(ctx.sim.services.anz.credits).toBe(1);
	});

	it('402 without Continue On Fail names the items done and not done; a re-run of those pays nothing twice', async () => {
		const slugs = ['jane-citizen', 'aroha-walker', 'tom-nguyen'];
		const result = await enrichSlugs(slugs, false);
		expect(result.error?.message).toBe(
			`${NO_CREDITS}. Done before it stopped: 1 of 3 items answered (item 0); not done: 2 (items 1-2) (first not done: item 1 {"networkSlug":"aroha-walker"}, item 2 {"networkSlug":"tom-nguyen"})`,
		);
		expect(result.error?.description).toContain(
			'To finish this run without paying twice, run only the items not done (items 1-2)',
		);
		expect(result.error?.context.answeredItems).toEqual([0]);
		expect(result.error?.context.notDoneItems).toEqual([1, 2]);
		// The re-run the message asks for, after a top-up: each person is paid for once in all.
		ctx.sim.services.anz.credits = 100;
		const rerun = await enrichSlugs(
			(result.error?.context.notDoneItems as number[]).map((i) => slugs[i]),
			false,
		);
		expect(rerun.error).toBeUndefined();
		const paid = ctx.sim.services.anz.calls.filter((c) => c.status === 200);
		expect(paid.map((c) => (c.body as { network_slug: string }).network_slug)).toEqual(slugs);
		expect(new Set(paid.map((c) => JSON.stringify(c.body))).size).toBe(paid.length);
	});

	it('50 lookups per second, many in flight: when the credits run out, every paid lookup reaches its item', async () => {
		const people = generateAnzPeople(60);
		ctx.sim.services.anz.people.push(...people);
		ctx.sim.services.anz.latencyMs = 30;
		ctx.sim.services.anz.credits = 40;
		const result = await enrichSlugs(
			people.map((person) => person.slug),
			true,
			50,
		);
		expect(result.error).toBeUndefined();
		const json = result.json();
		expect(json).toHaveLength(60);
		const found = json.filter((item) => item.found === true);
		expect(found.length).toBeGreaterThan(0);
		// Every credit the service took is on an output item: nothing paid was dropped.
		const reported = found.reduce((sum, item) => sum + Number(item.creditsCharged), 0);
		expect(reported).toBe(ctx.sim.services.anz.creditsSpent);
		const paidCalls = ctx.sim.services.anz.calls.filter((call) => call.status === 200);
		expect(found).toHaveLength(paidCalls.length);
		expect(
			json
				.filter((item) => item.found !== true)
				.every(
					(item) =>
						item.error === NO_CREDITS ||
						item.error ===
							`Not looked up: the run stopped before this item was sent (${NO_CREDITS})`,
				),
		).toBe(true);
	});

	/** Fails the next two lookups with `status`, then expects the third to find Tom. */
	const expectRetriedUntilFound = async (status: number, body?: unknown) => {
		ctx.sim.services.anz.failNext(2, status, body);
		const result = await ctx.runAnz(
			personEnrich({ identifyBy: 'networkSlug', networkSlug: 'tom-nguyen' }),
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.anz.calls.map((c) => c.status)).toEqual([status, status, 200]);
		expect(result.json()[0]).toMatchObject({ found: true, id: 'fp0002', creditsCharged: 1 });
	};

	it('429 answers are retried with backoff, then the lookup succeeds', async () => {
		await expectRetriedUntilFound(429);
	});

	it('a lookup answered HTTP 503 (not executed) is retried with backoff', async () => {
		await expectRetriedUntilFound(503, { error: { code: 'UNAVAILABLE', message: 'Try later' } });
	});

	/** Enriches one item per slug (the same person twice) while the first lookup answers 502. */
	const enrichTwiceAfterA502 = async (slugs: string[], continueOnFail: boolean) => {
		ctx.sim.services.anz.failNext(1, 502, {
			error: { code: 'BAD_GATEWAY', message: 'Upstream failed' },
		});
		return await ctx.runAnz(
			personEnrich({ identifyBy: 'networkSlug', networkSlug: '={{ $json.slug }}' }),
			slugs.map((slug) => ({ slug })),
			continueOnFail,
		);
	};

	it('a lookup answered HTTP 502 is never repeated: its items get an error saying it may have been charged', async () => {
		const result = await enrichTwiceAfterA502(['tom-nguyen', 'TOM-NGUYEN'], true);
		expect(result.error).toBeUndefined();
		const error = MAY_HAVE_CHARGED;
		const description = CHECK_CREDIT_HISTORY;
		expect(items(result)).toEqual([
			{ json: { error, description }, pairedItem: { item: 0 } },
			{ json: { error, description }, pairedItem: { item: 1 } },
		]);
		expect(ctx.sim.services.anz.calls.map((c) => c.status)).toEqual([502]);
	});

	it('without Continue On Fail the same failure stops the node naming the first item that asked', async () => {
		const result = await enrichTwiceAfterA502(['liam-oconnor', 'Liam-OConnor'], false);
		expect(result.error?.message).toBe(MAY_HAVE_CHARGED);
		expect(result.error?.context.itemIndex).toBe(0);
		expect(result.error?.description).toBe(CHECK_CREDIT_HISTORY);
		expect(ctx.sim.services.anz.calls).toHaveLength(1);
	});

	it('a used-up daily quota (remaining-requests header 0) is not retried', async () => {
		ctx.sim.services.anz.rateLimit = { perDay: 1 };
		const result = await ctx.runAnz(
			personEnrich({ identifyBy: 'networkSlug', networkSlug: '={{ $json.slug }}' }),
			[{ slug: 'tom-nguyen' }, { slug: 'liam-oconnor' }],
		);
		expect(result.error?.message).toBe(
			`The sales-intelligence service's daily request quota of 1 calls is used up (HTTP 429); it resets at the start of the next day. Done before it stopped: 1 of 2 items answered (item 0); not done: 1 (item 1) (first not done: item 1 {"networkSlug":"liam-oconnor"})`,
		);
		expect(ctx.sim.services.anz.calls.map((c) => c.status)).toEqual([200, 429]);
	});

	it('a wrong key is refused with a message about the credential', async () => {
		const result = await runWorkflow({
			nodes: {
				type: 'anzSalesIntelligence',
				parameters: personEnrich({ identifyBy: 'networkSlug', networkSlug: 'tom-nguyen' }) as never,
				credentialTypes: ['anzSalesIntelligenceApi'],
				continueOnFail: true,
			},
			credentials: {
				anzSalesIntelligenceApi: { baseUrl: `${ctx.sim.url}/anz`, apiKey: 'wrong' },
			},
		});
		expect(result.error).toBeUndefined();
		const [json] = result.json();
		expect(json.error).toBe(
			'The sales-intelligence service did not accept the API key (HTTP 401); check the key in the credential',
		);
		expect(JSON.stringify(json)).not.toContain('wrong');
	});
});
