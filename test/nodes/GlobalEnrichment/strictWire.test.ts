import type { INodeProperties } from 'n8n-workflow';

import { properties } from '../../../nodes/GlobalEnrichment/actions/description';
import { loadOptions } from '../../../nodes/GlobalEnrichment/methods';
import {
	GLOBAL_KEY,
	apiCall,
	globalLoadOptionsContext,
	serviceCredential,
	withSimulator,
	type Params,
} from '../../harness/enrichment';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

/**
 * Every operation of the node on the service's own API, with every option and filter on, through
 * the simulator, which refuses any property a V3 endpoint does not define (HTTP 400) as the service
 * does. An operation, option or filter added later fails the coverage check until it is run here.
 */

const ANA_EMAIL = 'ana.silva@northwind.example.com';

/** Each operation's runs (identifier variants), every option on. */
const RUNS: Record<string, Params[]> = {
	'account getUsage': [{}],
	'contact find': [
		{ identifyBy: 'email', email: ANA_EMAIL },
		{ identifyBy: 'networkUrl', networkUrl: 'https://www.linkedin.com/in/mia-taylor' },
		{ identifyBy: 'name', firstName: 'Jonas', lastName: 'Becker', company: 'contoso.example.de' },
	],
	'contact enrich': [
		{ identifyBy: 'email', email: ANA_EMAIL },
		{ identifyBy: 'networkUrl', networkUrl: 'https://www.linkedin.com/in/mia-taylor' },
		{ identifyBy: 'name', firstName: 'Jonas', lastName: 'Becker', company: 'Contoso GmbH' },
	],
	'contact search': [{ returnAll: true }],
	'company find': [
		{ identifyBy: 'domain', domain: 'northwind.example.com' },
		{ identifyBy: 'name', name: 'Northwind Traders' },
	],
	'company enrich': [
		{ identifyBy: 'domain', domain: 'northwind.example.com' },
		{ identifyBy: 'name', name: 'Northwind Traders' },
	],
	'company search': [{ returnAll: true }],
	'apiCall request': [
		apiCall('GET', '/v3/account/usage'),
		apiCall('POST', '/v3/companies/search-and-enrich', {
			body: JSON.stringify({
				companies: [{ clientReferenceId: 'a', domain: 'northwind.example.com' }],
				options: { includePartialProfiles: true },
			}),
		}),
	],
	...signalRuns('contact', 'p-2001', [
		'a@example.com',
		'b@example.com',
		'c@example.com',
		'd@example.com',
		'e@example.com',
	]),
	...signalRuns('company', 'c-1001', [
		'a.example',
		'b.example',
		'c.example',
		'd.example',
		'e.example',
	]),
};

/** Get Signals, Get Signal Score and Find Lookalikes of one kind, every option set. */
function signalRuns(kind: 'contact' | 'company', id: string, seeds: string[]) {
	return {
		[`${kind} getSignals`]: [
			{
				recordId: id,
				signalTypes: ['allSignals'],
				options: {
					startDate: '2026-01-01',
					maxResultsPerSignal: 3,
					...(kind === 'company' ? { intentCategories: ['Technology'] } : {}),
				},
			},
		],
		[`${kind} getSignalScore`]: [
			{ recordId: id },
			kind === 'contact'
				? { identifyBy: 'email', email: ANA_EMAIL }
				: { identifyBy: 'domain', domain: 'northwind.example.com' },
		],
		[`${kind} findLookalikes`]: [
			{
				seedType: kind === 'contact' ? 'email' : 'domain',
				seeds: seeds.join(','),
				exclude: kind === 'contact' ? id : 'z.example',
				...(kind === 'contact' ? { excludeEmails: ANA_EMAIL } : {}),
			},
			// Several Kinds: the seeds of two kinds in one request.
			{
				seedType: 'mixed',
				[kind === 'contact' ? 'seedEmails' : 'seedDomains']: seeds.slice(0, 4).join(','),
				seedLinkedinUrls: `https://www.linkedin.com/${kind === 'contact' ? 'in' : 'company'}/seed`,
			},
		],
	};
}

/** The catalogue pickers: names, sizes and locations add to the typed ones, each value once. */
const PICKER_VALUES: Params = {
	companyName: { __rl: true, mode: 'name', value: 'Northwind' },
	sizeRanges: ['201-1000'],
	locationPick: { __rl: true, mode: 'list', value: '{"country":"United States"}' },
	revenues: ['1000001-10000000'],
	sicCodes: ['7372'],
	naicsCodes: ['511210'],
	subIndustryIds: [101],
};

/** A value for each search filter, all matching the demo seed's Ana Silva and Northwind Traders. */
const FILTER_VALUES: Params = {
	company: 'Northwind',
	companySize: ['201-1000'],
	industry: '1',
	industryIds: [1],
	jobTitle: 'VP Marketing',
	location: 'United States',
	departments: ['Marketing'],
	seniorityIds: [7],
	intentTopics: ['CRM Software'],
	technology: { __rl: true, mode: 'name', value: 'Acme Labs' },
	...PICKER_VALUES,
};

const shownFor = (resource: string, operation: string) =>
	properties.filter((property) => {
		const show = property.displayOptions?.show;
		return show?.resource?.includes(resource) && show.operation?.includes(operation);
	});

/** The node's operations as `resource operation`, from its description. */
const operations = () =>
	properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) =>
			(property.options as Array<{ value: string }>).map(
				(option) => `${String(property.displayOptions?.show?.resource?.[0])} ${option.value}`,
			),
		);

const collection = (shown: INodeProperties[], name: string) =>
	(shown.find((property) => property.name === name)?.options ?? []) as INodeProperties[];

/** The operation's parameters with every boolean (options included) on and every filter set. */
function everyOptionOn(resource: string, operation: string, run: Params): Params {
	const shown = shownFor(resource, operation);
	const on = (list: INodeProperties[]) =>
		Object.fromEntries(list.filter((p) => p.type === 'boolean').map((p) => [p.name, true]));
	const filters = collection(shown, 'filters').map((filter) => filter.name);
	const missing = filters.filter((name) => !(name in FILTER_VALUES));
	if (missing.length) throw new Error(`No test value for the filter(s) ${missing.join(', ')}`);
	return {
		resource,
		operation,
		...on(shown),
		...(collection(shown, 'options').length ? { options: on(collection(shown, 'options')) } : {}),
		...(filters.length
			? { filters: Object.fromEntries(filters.map((name) => [name, FILTER_VALUES[name]])) }
			: {}),
		...run,
	};
}

describe('Global Enrichment on the service API: every operation through the strict simulator', () => {
	const ctx = withSimulator();

	it('covers every operation of the node, every boolean option and every filter', () => {
		expect(Object.keys(RUNS).sort()).toEqual(operations().sort());
		const contactFind = everyOptionOn('contact', 'find', {});
		expect(contactFind).toEqual({
			resource: 'contact',
			operation: 'find',
			simplify: true,
			options: { errorOnNoMatch: true },
		});
		expect(everyOptionOn('company', 'search', {}).filters).toEqual({
			company: 'Northwind',
			companySize: ['201-1000'],
			industry: '1',
			industryIds: [1],
			intentTopics: ['CRM Software'],
			location: 'United States',
			technology: { __rl: true, mode: 'name', value: 'Acme Labs' },
			...PICKER_VALUES,
		});
	});

	it('sends exactly the fields each V3 endpoint defines; the service accepts every request', async () => {
		// A signal for each record the signal runs ask about, so its score exists.
		for (const id of ['p-2001', 'c-1001']) {
			ctx.sim.services.global.signalOps.signals.set(id, [
				{ type: 'promotion', date: '2026-06-01', details: {} },
			]);
		}
		for (const [name, runs] of Object.entries(RUNS)) {
			const [resource, operation] = name.split(' ');
			for (const run of runs) {
				const parameters = everyOptionOn(resource, operation, run);
				const result = await ctx.runGlobalService(parameters);
				expect([name, run, result.error?.message]).toEqual([name, run, undefined]);
			}
		}
		const context = await globalLoadOptionsContext(
			serviceCredential(`${ctx.sim.url}/global`, GLOBAL_KEY),
		);
		expect((await loadOptions.getIndustries.call(context)).length).toBe(6);

		const contact = (record: Params) => ({ contacts: [{ clientReferenceId: '0', ...record }] });
		const company = (record: Params) => ({ companies: [{ clientReferenceId: '0', ...record }] });
		const searchAll = { page: 0, size: 50 };
		const companyFilters = {
			names: ['Northwind'],
			locations: [{ country: 'United States' }],
			mainIndustriesIds: [1],
			intentTopics: ['CRM Software'],
			sizes: [{ min: 201, max: 1000 }],
			technologies: ['Acme Labs'],
			subIndustriesIds: [101],
			revenues: [{ min: 1_000_001, max: 10_000_000 }],
			sicCodes: ['7372'],
			naicsCodes: ['511210'],
		};
		const contactLookups = [
			contact({ email: ANA_EMAIL }),
			contact({ linkedinUrl: 'https://www.linkedin.com/in/mia-taylor' }),
		];
		const companyLookups = [
			company({ domain: 'northwind.example.com' }),
			company({ name: 'Northwind Traders' }),
		];
		expect(
			ctx.sim.services.global.calls.map((c) => [c.method, c.path, c.query, c.body, c.status]),
		).toEqual([
			['GET', '/v3/account/usage', undefined, undefined, 200],
			...[
				...contactLookups,
				contact({ firstName: 'Jonas', lastName: 'Becker', companyDomain: 'contoso.example.de' }),
				...contactLookups,
				contact({ firstName: 'Jonas', lastName: 'Becker', companyName: 'Contoso GmbH' }),
			].map((body) => ['POST', '/v3/contacts/search-and-enrich', undefined, body, 200]),
			[
				'POST',
				'/v3/contacts/prospecting',
				undefined,
				{
					pagination: searchAll,
					filters: {
						contacts: {
							include: {
								jobTitles: ['VP Marketing'],
								locations: [{ country: 'United States' }],
								departments: ['Marketing'],
								seniorityIds: [7],
							},
						},
						companies: {
							include: {
								names: ['Northwind'],
								mainIndustriesIds: [1],
								intentTopics: ['CRM Software'],
								technologies: ['Acme Labs'],
								sizes: [{ min: 201, max: 1000 }],
								subIndustriesIds: [101],
								revenues: [{ min: 1_000_001, max: 10_000_000 }],
								sicCodes: ['7372'],
								naicsCodes: ['511210'],
							},
						},
					},
				},
				200,
			],
			...[...companyLookups, ...companyLookups].map((body) => [
				'POST',
				'/v3/companies/search-and-enrich',
				undefined,
				body,
				200,
			]),
			[
				'POST',
				'/v3/companies/prospecting',
				undefined,
				{ pagination: searchAll, filters: { companies: { include: companyFilters } } },
				200,
			],
			['GET', '/v3/account/usage', undefined, undefined, 200],
			[
				'POST',
				'/v3/companies/search-and-enrich',
				undefined,
				{
					companies: [{ clientReferenceId: 'a', domain: 'northwind.example.com' }],
					options: { includePartialProfiles: true },
				},
				200,
			],
			...(['contacts', 'companies'] as const).flatMap((kind) => {
				const id = kind === 'contacts' ? 'p-2001' : 'c-1001';
				const seeds =
					kind === 'contacts'
						? { emails: ['a', 'b', 'c', 'd', 'e'].map((n) => `${n}@example.com`) }
						: { domains: ['a', 'b', 'c', 'd', 'e'].map((n) => `${n}.example`) };
				return [
					['GET', `/v3/${kind}/signals/types`, undefined, undefined, 200],
					...(kind === 'companies'
						? [['GET', '/v3/companies/signals/filters/intentCategories', undefined, undefined, 200]]
						: []),
					[
						'POST',
						`/v3/${kind}/signals`,
						undefined,
						{
							ids: [id],
							signalTypes: ['allSignals'],
							startDate: '2026-01-01',
							maxResultsPerSignal: 3,
							...(kind === 'companies'
								? { filters: { include: { intentCategories: ['Technology'] } } }
								: {}),
						},
						200,
					],
					[
						'POST',
						`/v3/${kind}/signal-score`,
						undefined,
						{ [kind]: [{ clientReferenceId: id, id }] },
						200,
					],
					[
						'POST',
						`/v3/${kind}/signal-score`,
						undefined,
						{
							[kind]: [
								kind === 'contacts'
									? { clientReferenceId: `email:${ANA_EMAIL}`, email: ANA_EMAIL }
									: {
											clientReferenceId: 'domain:northwind.example.com',
											domain: 'northwind.example.com',
										},
							],
						},
						200,
					],
					[
						'POST',
						`/v3/${kind}/lookalike`,
						undefined,
						{
							seeds,
							limit: 100,
							exclude:
								kind === 'contacts'
									? { ids: [id], emails: [ANA_EMAIL] }
									: { domains: ['z.example'] },
						},
						200,
					],
					[
						'POST',
						`/v3/${kind}/lookalike`,
						undefined,
						{
							seeds: {
								...Object.fromEntries(
									Object.entries(seeds).map(([list, values]) => [list, values.slice(0, 4)]),
								),
								linkedinUrls: [
									`https://www.linkedin.com/${kind === 'contacts' ? 'in' : 'company'}/seed`,
								],
							},
							limit: 100,
						},
						200,
					],
				];
			}),
			['GET', '/v3/companies/prospecting/filters/industriesLabels', undefined, undefined, 200],
		]);
	});
});
