import { DEMO_ANZ_SEED } from '../../../../simulator/anzSalesIntelligence';
import { ANZ_KEY, items, withSimulator } from '../../../../harness/enrichment';
import { JANE_SIMPLE } from '../../fixtures';
import { call, enrichOneByOne, personEnrich, withoutCredits } from '../../helpers';
import {
	NO_PERSON_MATCHES_ITEM_1_DONE,
	SERVICE_FOUND_NO_PERSON_NETWORKSLUG_NO,
} from '../../messages';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

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
		expect(result.error?.message).toBe(NO_PERSON_MATCHES_ITEM_1_DONE);
		expect(result.error?.context.itemIndex).toBe(1);
		expect(result.error?.description).toBe(SERVICE_FOUND_NO_PERSON_NETWORKSLUG_NO);
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
		// The service's own API reports no credits; the repeat, never sent, cost none.
		expect(
			result
				.json()
				.slice(0, 2)
				.map((json) => [json.id, json.creditsCharged]),
		).toEqual([
			['fp0002', undefined],
			['fp0002', 0],
		]);
		expect(result.json()[2]).toEqual({
			error: 'No person matches item 2',
			input: { networkSlug: 'nobody-here' },
		});
	});
});
