import { apiCall, items, withSimulator, type EnrichmentContext } from '../../harness/enrichment';
import {
	ADD_LEAST_ONE_FILTER_COMPANY_POSITION,
	ENDPOINT_REFUSED_ITEM_1_ENDPOINT_CONTAINS,
	INVALID_NETWORK_PROFILE_URL_ITEM_1,
	INVALID_WEBSITE_ITEM_1_HTTPS_WWW,
} from './messages';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

type Service = 'anz' | 'global';

interface BadInputCase {
	name: string;
	service: Service;
	parameters: Record<string, unknown>;
	/** Item 0 is valid, item 1 is not: the node must fail on item 1 before sending item 0. */
	good: string;
	bad: string;
	message: string;
}

const personBy = (identifyBy: string) => ({
	resource: 'person',
	operation: 'enrich',
	identifyBy,
	[identifyBy]: '={{ $json.v }}',
});
const anzCompanyBy = (identifyBy: string) => ({
	resource: 'company',
	operation: 'enrich',
	identifyBy,
	[identifyBy]: '={{ $json.v }}',
});
const contactBy = (operation: string, identifyBy: string, extra: Record<string, unknown> = {}) => ({
	resource: 'contact',
	operation,
	identifyBy,
	[identifyBy]: '={{ $json.v }}',
	...extra,
});
const globalCompanyBy = (operation: string, identifyBy: string) => ({
	resource: 'company',
	operation,
	identifyBy,
	[identifyBy]: '={{ $json.v }}',
});

/** A 100,070-character "e-mail": the message quotes its first 100 characters and its length. */
const HUGE = `${'x'.repeat(100_000)}@@${'y'.repeat(68)}`;
const HUGE_ECHO = `"${'x'.repeat(100)}… (100070 characters)"`;

const CASES: BadInputCase[] = [
	{
		name: 'a 100,070-character e-mail is echoed cut to 100 characters',
		service: 'anz',
		parameters: personBy('email'),
		good: 'jane.citizen@southerncross.example.com.au',
		bad: HUGE,
		message: `Invalid "Email" in item 1: ${HUGE_ECHO} is not a valid email address`,
	},
	{
		name: 'a 100,070-character e-mail is echoed cut to 100 characters',
		service: 'global',
		parameters: contactBy('find', 'email'),
		good: 'ana.silva@northwind.example.com',
		bad: HUGE,
		message: `Invalid "Email" in item 1: ${HUGE_ECHO} is not a valid email address`,
	},
	{
		name: 'e-mail without a domain',
		service: 'anz',
		parameters: personBy('email'),
		good: 'jane.citizen@southerncross.example.com.au',
		bad: 'jane.citizen@',
		message: 'Invalid "Email" in item 1: "jane.citizen@" is not a valid email address',
	},
	{
		name: 'a profile URL where an e-mail belongs (conflicting identifier)',
		service: 'anz',
		parameters: personBy('email'),
		good: 'tom.nguyen@kookaburra.example.com.au',
		bad: 'https://www.linkedin.com/in/jane-citizen',
		message:
			'Invalid "Email" in item 1: "https://www.linkedin.com/in/jane-citizen" is a URL, not an email address',
	},
	{
		name: 'a company profile URL where a person profile belongs',
		service: 'anz',
		parameters: personBy('networkUrl'),
		good: 'https://www.linkedin.com/in/jane-citizen',
		bad: 'https://www.linkedin.com/company/southern-cross-analytics',
		message: INVALID_NETWORK_PROFILE_URL_ITEM_1,
	},
	{
		name: 'a profile URL on another site',
		service: 'anz',
		parameters: personBy('networkUrl'),
		good: 'https://www.linkedin.com/in/jane-citizen',
		bad: 'https://social.example.com/in/jane-citizen',
		message:
			'Invalid "Network Profile URL" in item 1: "https://social.example.com/in/jane-citizen" is not a URL on the professional network',
	},
	{
		name: 'an empty profile URL (missing identifier)',
		service: 'anz',
		parameters: personBy('networkUrl'),
		good: 'https://www.linkedin.com/in/jane-citizen',
		bad: '   ',
		message: 'Invalid "Network Profile URL" in item 1: The profile URL is empty',
	},
	{
		name: 'a whole URL where a slug belongs',
		service: 'anz',
		parameters: personBy('networkSlug'),
		good: 'jane-citizen',
		bad: 'linkedin.com/in/jane-citizen',
		message:
			'Invalid "Network Profile Slug" in item 1: "linkedin.com/in/jane-citizen" is a URL, not a profile slug (use the profile URL option for URLs)',
	},
	{
		name: 'an ABN failing the mod-89 checksum',
		service: 'anz',
		parameters: anzCompanyBy('abn'),
		good: '51 824 753 556',
		bad: '51 824 753 557',
		message:
			'Invalid "ABN" in item 1: The ABN "51 824 753 557" fails the ABN checksum (a digit is wrong or swapped)',
	},
	{
		name: 'an ABN of 10 digits',
		service: 'anz',
		parameters: anzCompanyBy('abn'),
		good: '53004085616',
		bad: '5300408561',
		message: 'Invalid "ABN" in item 1: The ABN "5300408561" has 10 digits; an ABN has 11',
	},
	{
		name: 'an ABN with letters',
		service: 'anz',
		parameters: anzCompanyBy('abn'),
		good: '53004085616',
		bad: 'ABN 53004085616',
		message:
			'Invalid "ABN" in item 1: The ABN "ABN 53004085616" contains characters other than digits and spaces',
	},
	{
		name: 'a person profile URL where a company URL belongs',
		service: 'anz',
		parameters: anzCompanyBy('networkUrl'),
		good: 'https://www.linkedin.com/company/harbour-freight',
		bad: 'https://www.linkedin.com/in/aroha-walker',
		message:
			'Invalid "Network Company URL" in item 1: "https://www.linkedin.com/in/aroha-walker" is a person profile URL, not a company profile URL',
	},
	{
		name: 'an e-mail address where a domain belongs',
		service: 'anz',
		parameters: anzCompanyBy('domain'),
		good: 'southerncross.example.com.au',
		bad: 'sales@southerncross.example.com.au',
		message:
			'Invalid "Domain" in item 1: "sales@southerncross.example.com.au" is an email address, not a domain',
	},
	{
		name: 'a domain without a top-level domain',
		service: 'anz',
		parameters: anzCompanyBy('domain'),
		good: 'southerncross.example.com.au',
		bad: 'southerncross',
		message: 'Invalid "Domain" in item 1: "southerncross" is not a valid domain name',
	},
	{
		name: 'a website with spaces',
		service: 'anz',
		parameters: anzCompanyBy('website'),
		good: 'https://kookaburra.example.com.au',
		bad: 'kookaburra example com au',
		message:
			'Invalid "Website" in item 1: "kookaburra example com au" contains spaces and is not a website address',
	},
	{
		name: 'a network profile where the website belongs',
		service: 'anz',
		parameters: anzCompanyBy('website'),
		good: 'https://kookaburra.example.com.au',
		bad: 'https://www.linkedin.com/company/kookaburra-retail',
		message: INVALID_WEBSITE_ITEM_1_HTTPS_WWW,
	},
	{
		name: 'an empty e-mail in a bulk enrich',
		service: 'global',
		parameters: contactBy('enrich', 'email'),
		good: 'ana.silva@northwind.example.com',
		bad: '',
		message: 'Invalid "Email" in item 1: The email address is empty',
	},
	{
		name: 'an e-mail with two @',
		service: 'global',
		parameters: contactBy('find', 'email'),
		good: 'ana.silva@northwind.example.com',
		bad: 'ana@silva@northwind.example.com',
		message:
			'Invalid "Email" in item 1: "ana@silva@northwind.example.com" is not a valid email address',
	},
	{
		name: 'name + company without a last name (missing identifier)',
		service: 'global',
		parameters: contactBy('enrich', 'firstName', {
			identifyBy: 'name',
			lastName: '={{ $itemIndex === 0 ? "Silva" : "" }}',
			company: 'Northwind Traders',
		}),
		good: 'Ana',
		bad: 'Bob',
		message: 'Invalid "Last Name" in item 1: it is empty',
	},
	{
		name: 'an e-mail typed as the first name (conflicting identifier)',
		service: 'global',
		parameters: contactBy('find', 'firstName', {
			identifyBy: 'name',
			lastName: 'Silva',
			company: 'Northwind Traders',
		}),
		good: 'Ana',
		bad: 'ana.silva@northwind.example.com',
		message:
			'Invalid "First Name" in item 1: "ana.silva@northwind.example.com" looks like an email address or URL, not a name',
	},
	{
		name: 'a company profile URL where a contact profile belongs',
		service: 'global',
		parameters: contactBy('enrich', 'networkUrl'),
		good: 'https://www.linkedin.com/in/ana-silva',
		bad: 'https://www.linkedin.com/company/northwind',
		message:
			'Invalid "Network Profile URL" in item 1: "https://www.linkedin.com/company/northwind" is a company profile URL, not a person profile URL',
	},
	{
		name: 'a company domain with a space',
		service: 'global',
		parameters: globalCompanyBy('enrich', 'domain'),
		good: 'northwind.example.com',
		bad: 'northwind .example.com',
		message: 'Invalid "Domain" in item 1: "northwind .example.com" is not a valid domain name',
	},
	{
		name: 'an empty company name',
		service: 'global',
		parameters: globalCompanyBy('find', 'name'),
		good: 'Northwind Traders',
		bad: ' ',
		message: 'Invalid "Name" in item 1: it is empty',
	},
];

describe('Bad input is refused before any HTTP call, naming the field and the item', () => {
	const ctx: EnrichmentContext = withSimulator();

	it(`has at least 15 cases (${CASES.length})`, () => {
		expect(CASES.length).toBeGreaterThanOrEqual(15);
	});

	it.each(CASES)('$service: $name', async ({ service, parameters, good, bad, message }) => {
		const run = service === 'anz' ? ctx.runAnz : ctx.runGlobal;
		const result = await run(parameters, [{ v: good }, { v: bad }]);
		expect(result.error?.message).toBe(message);
		expect(result.error?.context.itemIndex).toBe(1);
		expect(result.error?.description).toMatch(/No request was sent, so no credit was spent\.$/);
		expect(ctx.sim.services.anz.calls).toHaveLength(0);
		expect(ctx.sim.services.global.calls).toHaveLength(0);
	});

	it.each(CASES)(
		'$service on the service API: $name',
		async ({ service, parameters, good, bad, message }) => {
			const run = service === 'anz' ? ctx.runAnzService : ctx.runGlobalService;
			const result = await run(parameters, [{ v: good }, { v: bad }]);
			expect(result.error?.message).toBe(message);
			expect(result.error?.context.itemIndex).toBe(1);
			expect(ctx.sim.services.anz.calls).toHaveLength(0);
			expect(ctx.sim.services.global.calls).toHaveLength(0);
		},
	);

	it.each([
		['anz', { resource: 'person', operation: 'search', limit: 5, filters: {} }],
		[
			'global',
			{ resource: 'contact', operation: 'search', limit: 5, filters: { jobTitle: ' , ' } },
		],
		['global', { resource: 'company', operation: 'search', limit: 5, filters: {} }],
	] as Array<[Service, Record<string, unknown>]>)(
		'%s search without any filter',
		async (service, parameters) => {
			const run = service === 'anz' ? ctx.runAnz : ctx.runGlobal;
			const result = await run(parameters);
			expect(result.error?.message).toBe('No search filter in item 0');
			expect(ctx.sim.services[service].calls).toHaveLength(0);
		},
	);

	it.each([
		['/../admin', ENDPOINT_REFUSED_ITEM_1_ENDPOINT_CONTAINS],
		[
			'//evil.example.com/x',
			'Endpoint refused in item 1: The endpoint is an absolute URL or names another host; only a path is allowed',
		],
	])('API Call refuses %s for item 1 before sending item 0', async (endpoint, message) => {
		const result = await ctx.runGlobal(apiCall('GET', '={{ $json.endpoint }}'), [
			{ endpoint: '/account/usage' },
			{ endpoint },
		]);
		expect(result.error?.message).toBe(message);
		expect(ctx.sim.services.global.calls).toHaveLength(0);
	});

	it('API Call refuses a body that is not JSON', async () => {
		const result = await ctx.runAnz(apiCall('POST', '/enrich/person', { body: '{"email": ' }));
		expect(result.error?.message).toBe('Body of item 0 is not valid JSON');
		expect(ctx.sim.services.anz.calls).toHaveLength(0);
	});
});

/** The Continue On Fail item for item `item`, whose e-mail `quoted` (in quotes) is not valid. */
const invalidEmailItem = (item: number, quoted: string) => ({
	json: {
		error: `Invalid "Email" in item ${item}: ${quoted} is not a valid email address`,
		description:
			'Enter an email address such as name@example.com, or change "Identify By". No request was sent, so no credit was spent.',
	},
	pairedItem: { item },
});

describe('Bad input under Continue On Fail', () => {
	const ctx = withSimulator();

	it('anz: bad items become error items, the good ones are enriched', async () => {
		const result = await ctx.runAnz(
			personBy('email'),
			[
				{ v: 'jane.citizen@southerncross.example.com.au' },
				{ v: 'not-an-email' },
				{ v: 'tom.nguyen@kookaburra.example.com.au' },
			],
			true,
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.anz.calls.map((c) => c.body)).toEqual([
			{ email: 'jane.citizen@southerncross.example.com.au' },
			{ email: 'tom.nguyen@kookaburra.example.com.au' },
		]);
		expect(items(result)).toEqual([
			{ json: expect.objectContaining({ found: true, id: 'fp0001' }), pairedItem: { item: 0 } },
			invalidEmailItem(1, '"not-an-email"'),
			{ json: expect.objectContaining({ found: true, id: 'fp0002' }), pairedItem: { item: 2 } },
		]);
	});

	it('global bulk: bad items are left out of the batch and become error items', async () => {
		const result = await ctx.runGlobal(
			contactBy('enrich', 'email'),
			[
				{ v: 'bad@' },
				{ v: 'ana.silva@northwind.example.com' },
				{ v: 'mia@fabrikam.example.com.au' },
			],
			true,
		);
		expect(ctx.sim.services.global.calls.map((c) => c.body)).toEqual([
			[
				{ referenceId: '1', email: 'ana.silva@northwind.example.com' },
				{ referenceId: '2', email: 'mia@fabrikam.example.com.au' },
			],
		]);
		expect(items(result)).toEqual([
			invalidEmailItem(0, '"bad@"'),
			{ json: expect.objectContaining({ found: true, id: 'p-2001' }), pairedItem: { item: 1 } },
			{ json: expect.objectContaining({ found: true, id: 'p-2003' }), pairedItem: { item: 2 } },
		]);
	});

	it('search: an item without filters becomes an error item, the others search', async () => {
		const result = await ctx.runAnz(
			{
				resource: 'person',
				operation: 'search',
				limit: 2,
				filters: { position: '={{ $json.position }}' },
			},
			[{ position: '' }, { position: 'Manager' }],
			true,
		);
		expect(items(result)).toEqual([
			{
				json: {
					error: 'No search filter in item 0',
					description: ADD_LEAST_ONE_FILTER_COMPANY_POSITION,
				},
				pairedItem: { item: 0 },
			},
			{
				json: expect.objectContaining({ person_id: 'fp0002', position: 'Marketing Manager' }),
				pairedItem: { item: 1 },
			},
		]);
		expect(ctx.sim.services.anz.calls).toHaveLength(1);
	});
});
