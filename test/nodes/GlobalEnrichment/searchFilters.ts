import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { runWorkflow, type RunResult } from '../../harness';
import { serviceCredential } from '../../harness/enrichment';
import { INDUSTRY_LIST_ON_CONTRACT, INDUSTRY_NAMES_ON_SERVICE, UNKNOWN_SIZE } from './messages';

export type SearchKind = 'contact' | 'company';
export type Api = 'service' | 'contract';

/** What one filter must produce on one API: the exact `filters` of the body, or a refusal. */
export type Expected = { filters: IDataObject } | { refused: string };

/** One row per filter the search offers: its value and what each API must do with it. */
export type FilterRow = [name: string, filters: IDataObject, service: Expected, contract: Expected];

const SERVICE_URL = 'https://service.global.test';
const CONTRACT_URL = 'https://contract.global.test';

/**
 * Runs `kind` → Search with `filters` (Limit 10) on `api` against nock, which answers only the
 * exact body `{ pagination: { page: 0, size: 10 }, filters: expected }`; returns the run and
 * whether that request was sent.
 */
export async function searchWithFilters(
	kind: SearchKind,
	api: Api,
	filters: IDataObject,
	expected: IDataObject | undefined,
): Promise<{ result: RunResult; sent: boolean }> {
	const path =
		api === 'service'
			? `/v3/${kind === 'contact' ? 'contacts' : 'companies'}/prospecting`
			: `/prospecting/${kind}/search`;
	const scope = nock(api === 'service' ? SERVICE_URL : CONTRACT_URL, {
		reqheaders: { api_key: 'k' },
	})
		.post(path, {
			pagination: { page: 0, size: 10 },
			filters: (expected ?? {}) as nock.DataMatcherMap,
		})
		.reply(
			200,
			api === 'service'
				? { results: [{ id: 'r-1' }], pagination: { page: 0, size: 10, total: 1 } }
				: { data: [{ id: 'r-1' }], totalResults: 1 },
		);
	const result = await runWorkflow({
		nodes: {
			type: 'globalEnrichment',
			parameters: {
				resource: kind,
				operation: 'search',
				limit: 10,
				simplify: false,
				filters,
			} as never,
			credentialTypes: ['globalEnrichmentApi'],
		},
		credentials: {
			globalEnrichmentApi:
				api === 'service'
					? serviceCredential(SERVICE_URL, 'k')
					: { api: 'contract', baseUrl: CONTRACT_URL, apiKey: 'k' },
		},
	});
	return { result, sent: scope.isDone() };
}

/** Asserts what `row` asks of `api`: the exact request and its record, or a refusal before any call. */
export async function expectFilterHonoured(kind: SearchKind, api: Api, row: FilterRow) {
	const [, filters, service, contract] = row;
	const expected = api === 'service' ? service : contract;
	const { result, sent } = await searchWithFilters(
		kind,
		api,
		filters,
		'filters' in expected ? expected.filters : undefined,
	);
	if ('refused' in expected) {
		expect(sent).toBe(false);
		expect(result.error?.message).toBe(expected.refused);
		expect(result.error?.description).toMatch(/No request was sent\.$/);
	} else {
		expect(result.error).toBeUndefined();
		expect(sent).toBe(true);
		expect(result.json()).toEqual([{ id: 'r-1' }]);
	}
}

const include = (kind: 'contacts' | 'companies', values: IDataObject) => ({
	filters: { [kind]: { include: values } },
});

/** Every filter of `kind` → Search (the Filters collection), with what each API must send. */
export function searchFilterRows(kind: SearchKind): FilterRow[] {
	const companies = (values: IDataObject) => include('companies', values);
	const located = (values: IDataObject) =>
		kind === 'contact' ? include('contacts', values) : companies(values);
	const rows: FilterRow[] = [
		[
			'company',
			{ company: 'Northwind, Contoso' },
			companies({ names: ['Northwind', 'Contoso'] }),
			companies({ names: ['Northwind', 'Contoso'] }),
		],
		[
			'company size',
			{ companySize: ['51-200', '5001+'] },
			companies({ sizes: [{ min: 5001 }, { min: 51, max: 200 }] }),
			companies({ sizes: [{ min: 5001 }, { min: 51, max: 200 }] }),
		],
		// From an expression: a text value is read as the list it names, exactly.
		[
			'company size (text from an expression)',
			{ companySize: '={{ "201-1000" }}' },
			companies({ sizes: [{ min: 201, max: 1000 }] }),
			companies({ sizes: [{ min: 201, max: 1000 }] }),
		],
		[
			'company size (unknown value from an expression)',
			{ companySize: '={{ ["51-200", "Medium"] }}' },
			{ refused: UNKNOWN_SIZE },
			{ refused: UNKNOWN_SIZE },
		],
		[
			'industry (names)',
			{ industry: 'Software, Retail' },
			{ refused: INDUSTRY_NAMES_ON_SERVICE },
			companies({ industries: ['Software', 'Retail'] }),
		],
		[
			'industry (IDs)',
			{ industry: '1, 3' },
			companies({ mainIndustriesIds: [1, 3] }),
			companies({ industries: ['1', '3'] }),
		],
		[
			'industry names or IDs (picker)',
			{ industryIds: [3, 5] },
			companies({ mainIndustriesIds: [3, 5] }),
			{ refused: INDUSTRY_LIST_ON_CONTRACT },
		],
		[
			'industry and picker together',
			{ industry: '3', industryIds: [3, 5] },
			companies({ mainIndustriesIds: [3, 5] }),
			{ refused: INDUSTRY_LIST_ON_CONTRACT },
		],
		[
			'location',
			{ location: 'Germany, Australia' },
			located({ locations: [{ country: 'Germany' }, { country: 'Australia' }] }),
			located({ locations: [{ country: 'Germany' }, { country: 'Australia' }] }),
		],
	];
	const onServiceOnly = (label: string) => ({
		refused: `Invalid ${label} filter in item 0: this list works with the service's own API only`,
	});
	rows.push([
		'intent topics (picker)',
		{ intentTopics: ['CRM Software'] },
		companies({ intentTopics: ['CRM Software'] }),
		onServiceOnly('Intent Topic Names or IDs'),
	]);
	rows.push([
		'technology (picker)',
		{ technology: { __rl: true, mode: 'list', value: 'Salesforce' } },
		companies({ technologies: ['Salesforce'] }),
		onServiceOnly('Technology'),
	]);
	/** Refused by its value on both APIs: the values are read before the API is known. */
	const refusedOnBoth = (label: string, reason: string): [Expected, Expected] => {
		const refused = { refused: `Invalid ${label} filter in item 0: ${reason}` };
		return [refused, refused];
	};
	const sydney = { city: 'Sydney', country: 'Australia' };
	rows.push(
		[
			'company name (picker), added to the typed names once each',
			{
				company: 'Acme, Globex',
				companyName: { __rl: true, mode: 'list', value: 'Globex' },
			},
			companies({ names: ['Acme', 'Globex'] }),
			onServiceOnly('Company Name'),
		],
		[
			'company name (typed by name)',
			{ companyName: { __rl: true, mode: 'name', value: ' Initech ' } },
			companies({ names: ['Initech'] }),
			onServiceOnly('Company Name'),
		],
		[
			'location (picker), after the typed countries',
			{
				location: 'Germany',
				locationPick: { __rl: true, mode: 'list', value: JSON.stringify(sydney) },
			},
			located({ locations: [{ country: 'Germany' }, sydney] }),
			onServiceOnly('Location (Service API)'),
		],
		[
			'location (not one from the list, from an expression)',
			{ locationPick: { __rl: true, mode: 'list', value: 'Sydney' } },
			...refusedOnBoth('Location (Service API)', '"Sydney" is not a location from the list'),
		],
		[
			'location (an object with a field a location lacks)',
			{ locationPick: { __rl: true, mode: 'list', value: '{"city":"Sydney","zip":"2000"}' } },
			...refusedOnBoth(
				'Location (Service API)',
				'"{"city":"Sydney","zip":"2000"}" is not a location from the list',
			),
		],
		[
			'sub-industries (picker)',
			{ subIndustryIds: [301, 302] },
			companies({ subIndustriesIds: [301, 302] }),
			onServiceOnly('Sub-Industry Names or IDs'),
		],
		[
			'sub-industries (a name from an expression)',
			{ subIndustryIds: '={{ ["Retail"] }}' },
			...refusedOnBoth(
				'Sub-Industry Names or IDs',
				'the service takes IDs (numbers such as 4), not "Retail"',
			),
		],
		[
			'company size ranges (picker), added to the sizes chosen once each',
			{ companySize: ['51-200'], sizeRanges: ['51-200', '10001+'] },
			companies({ sizes: [{ min: 51, max: 200 }, { min: 10001 }] }),
			onServiceOnly('Company Size Names or IDs'),
		],
		[
			'company size ranges (not a range)',
			{ sizeRanges: '={{ ["Medium"] }}' },
			...refusedOnBoth(
				'Company Size Names or IDs',
				'"Medium" is not a range (such as 51-200 or 10001+)',
			),
		],
		[
			'revenues (picker)',
			{ revenues: ['1-1000000', '1000001-10000000'] },
			companies({
				revenues: [
					{ min: 1, max: 1_000_000 },
					{ min: 1_000_001, max: 10_000_000 },
				],
			}),
			onServiceOnly('Revenue Names or IDs'),
		],
		[
			'revenues (a range upside down)',
			{ revenues: '={{ ["500-10"] }}' },
			...refusedOnBoth(
				'Revenue Names or IDs',
				'"500-10" is not a range (such as 51-200 or 10001+)',
			),
		],
		[
			'SIC codes (picker)',
			{ sicCodes: ['7372', '7371'] },
			companies({ sicCodes: ['7372', '7371'] }),
			onServiceOnly('SIC Code Names or IDs'),
		],
		[
			'SIC codes (a label from an expression)',
			{ sicCodes: '={{ ["Software"] }}' },
			...refusedOnBoth(
				'SIC Code Names or IDs',
				'the service takes codes (digits such as 7372), not "Software"',
			),
		],
		[
			'NAICS codes (picker)',
			{ naicsCodes: ['511210'] },
			companies({ naicsCodes: ['511210'] }),
			onServiceOnly('NAICS Code Names or IDs'),
		],
		[
			'NAICS codes (not digits)',
			{ naicsCodes: '5112-10' },
			...refusedOnBoth(
				'NAICS Code Names or IDs',
				'the service takes codes (digits such as 511210), not "5112-10"',
			),
		],
	);
	if (kind === 'contact') {
		rows.push(
			[
				'departments (picker)',
				{ departments: ['Sales', 'Marketing'] },
				include('contacts', { departments: ['Sales', 'Marketing'] }),
				onServiceOnly('Department Names or IDs'),
			],
			[
				'seniority (picker)',
				{ seniorityIds: [4, 7] },
				include('contacts', { seniorityIds: [4, 7] }),
				onServiceOnly('Seniority Names or IDs'),
			],
			[
				'seniority (names from an expression)',
				{ seniorityIds: '={{ ["Manager"] }}' },
				{
					refused:
						'Invalid Seniority Names or IDs filter in item 0: the service takes IDs (numbers such as 4), not "Manager"',
				},
				{
					refused:
						'Invalid Seniority Names or IDs filter in item 0: the service takes IDs (numbers such as 4), not "Manager"',
				},
			],
		);
		rows.push([
			'job title',
			{ jobTitle: 'Head of Marketing, CMO' },
			include('contacts', { jobTitles: ['Head of Marketing', 'CMO'] }),
			include('contacts', { jobTitles: ['Head of Marketing', 'CMO'] }),
		]);
	}
	return rows;
}
