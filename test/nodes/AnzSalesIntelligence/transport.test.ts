import nock from 'nock';

import { runWorkflow } from '../../harness';
import { DEMO_ANZ_SEED, generateAnzPeople } from '../../simulator/anzSalesIntelligence';
import { ANZ_KEY, items, serviceCredential, withSimulator } from '../../harness/enrichment';
import { personEnrich } from './helpers';
import {
	NO_CREDITS,
	NO_CREDITS_AFTER_ITEM_0_OF_3,
	SALES_INTELLIGENCE_SERVICE_S_DAILY_REQUEST_2,
} from './messages';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

/**
 * The transport of the sales-intelligence node: the address and key header each API takes, and
 * what the node does with credits, rate limits, ambiguous failures and a refused key.
 */

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

/** What a 502 on a charged lookup says, and how to fix it. */
const MAY_HAVE_CHARGED =
	'The sales-intelligence service may have run and charged POST /enrich/person: it answered HTTP 502. It was not repeated, so no credit is spent twice';
const CHECK_CREDIT_HISTORY =
	"Check the service's usage or credit history before running this item again. The other items went on.";

describe('ANZ Sales Intelligence: credits and rate limits', () => {
	const ctx = withSimulator(() => ({ anz: { ...DEMO_ANZ_SEED, credits: 3 } }));

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
		expect(result.error?.message).toBe(NO_CREDITS_AFTER_ITEM_0_OF_3);
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
		expect(result.error?.message).toBe(SALES_INTELLIGENCE_SERVICE_S_DAILY_REQUEST_2);
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
