import { anzContract } from '../contracts/anz';
import type { SimRequest, SimResponse } from './server';
import {
	EnrichmentSimulator,
	canonical,
	profileSlug,
	type EnrichmentAccount,
} from './enrichmentBase';
import { reply } from './server';

/**
 * The ANZ (AU/NZ) sales-intelligence service under `/anz/`, following SPEC.md section C:
 * - auth `Authorization: Bearer <key>` (401 otherwise);
 * - `GET /account/usage`: credit balance, costs nothing (the credential test);
 * - `POST /enrich/person` with exactly one of `network_url`, `email`, `network_slug`;
 * - `POST /enrich/company` with exactly one of `domain`, `network_url`, `abn`, `website`;
 * - `POST /search/people` with filters and `from`/`size` (size at most 100).
 * A found person costs 2 credits when it has a phone number, else 1; a company 1; a search page
 * 1 credit per started 25 records. The cost is in the `x-credits-charged` header. No match is
 * HTTP 404 `{ error: { code: "NOT_FOUND" } }` and costs nothing; 402 when the balance is short.
 *
 * The service's own API on the same prefix, as its reference documents it:
 * - `GET /people?ln_url|ln_slug|work_email|personal_email|id=` and
 *   `GET /company?fqdn|ln_url|ln_slug|abn|website|id=`: exactly one; the record itself, or (no match)
 *   HTTP 200 with a body without `id`; no credit header (the service reports none);
 * - `POST /people/search` `{ selectedCountry, companyId, position, seniority, department, from,
 *   size }` (IDs as comma-separated strings): a bare array of previews, free of credits.
 */

export interface AnzPerson {
	id: string;
	slug: string;
	firstName: string;
	lastName: string;
	position: string;
	/** Seniority id (1-7) and department id (1-17), as the search filters use them. */
	seniority: number;
	department: number;
	/** ISO 3166-2 code, e.g. AU-NSW or NZ-AUK. */
	state: string;
	city: string;
	workEmail?: string;
	personalEmail?: string;
	phone?: string;
	companyId: string;
}

export interface AnzCompany {
	id: string;
	name: string;
	domain: string;
	slug: string;
	abn?: string;
	size: string;
	employees: number;
	state: string;
	industries: string[];
	technologies: string[];
}

export interface AnzSeed extends EnrichmentAccount {
	people: AnzPerson[];
	companies: AnzCompany[];
}

const SENIORITY = [
	'',
	'Board Member / Company Director',
	'Owner / Founder',
	'C-Suite / Partner',
	'VP / Director / Head Of',
	'Manager',
	'Other',
	'No Data Available',
];
const DEPARTMENT = [
	'',
	'General Management',
	'Sales',
	'Trades',
	'Operations',
	'Engineering & Technical',
	'Human Resources',
	'Customer Service',
	'Medicine & Healthcare',
	'Research & Analysis',
	'Legal',
	'Marketing',
	'Education & Training',
	'Consulting',
	'Finance',
	'Product',
	'Other',
	'No Data Available',
];
const COUNTRY: Record<string, string> = { AU: 'Australia', NZ: 'New Zealand' };

export const DEMO_ANZ_SEED: AnzSeed = {
	apiKeys: ['anz-demo-key'],
	credits: 10_000,
	companies: [
		{
			id: 'f000000117274',
			name: 'Southern Cross Analytics Pty Ltd',
			domain: 'southerncross.example.com.au',
			slug: 'southern-cross-analytics',
			abn: '51824753556',
			size: '51-200',
			employees: 140,
			state: 'AU-NSW',
			industries: ['Software'],
			technologies: ['HubSpot', 'AWS'],
		},
		{
			id: 'f000000200001',
			name: 'Harbour Freight Co',
			domain: 'harbourfreight.example.co.nz',
			slug: 'harbour-freight',
			size: '11-50',
			employees: 35,
			state: 'NZ-AUK',
			industries: ['Logistics'],
			technologies: ['Salesforce'],
		},
		{
			id: 'f000000300003',
			name: 'Kookaburra Retail Group',
			domain: 'kookaburra.example.com.au',
			slug: 'kookaburra-retail',
			abn: '53004085616',
			size: '1001-5000',
			employees: 2300,
			state: 'AU-VIC',
			industries: ['Retail'],
			technologies: ['Shopify'],
		},
	],
	people: [
		{
			id: 'fp0001',
			slug: 'jane-citizen',
			firstName: 'Jane',
			lastName: 'Citizen',
			position: 'Head of Marketing',
			seniority: 4,
			department: 11,
			state: 'AU-NSW',
			city: 'Sydney',
			workEmail: 'jane.citizen@southerncross.example.com.au',
			phone: '+61 400 000 001',
			companyId: 'f000000117274',
		},
		{
			id: 'fp0002',
			slug: 'tom-nguyen',
			firstName: 'Tom',
			lastName: 'Nguyen',
			position: 'Marketing Manager',
			seniority: 5,
			department: 11,
			state: 'AU-VIC',
			city: 'Melbourne',
			workEmail: 'tom.nguyen@kookaburra.example.com.au',
			companyId: 'f000000300003',
		},
		{
			id: 'fp0003',
			slug: 'aroha-walker',
			firstName: 'Aroha',
			lastName: 'Walker',
			position: 'Sales Director',
			seniority: 4,
			department: 2,
			state: 'NZ-AUK',
			city: 'Auckland',
			workEmail: 'aroha@harbourfreight.example.co.nz',
			personalEmail: 'aroha.walker@mail.example.nz',
			phone: '+64 21 000 003',
			companyId: 'f000000200001',
		},
		{
			id: 'fp0004',
			slug: 'liam-oconnor',
			firstName: 'Liam',
			lastName: "O'Connor",
			position: 'Chief Executive Officer',
			seniority: 3,
			department: 1,
			state: 'AU-NSW',
			city: 'Newcastle',
			workEmail: 'liam@southerncross.example.com.au',
			companyId: 'f000000117274',
		},
	],
};

/** `count` generated people, for benchmarks (e-mails `person<n>@bench.example.com.au`). */
export function generateAnzPeople(count: number, companyId = 'f000000117274'): AnzPerson[] {
	return Array.from({ length: count }, (_, n) => ({
		id: `fpg${n}`,
		slug: `bench-person-${n}`,
		firstName: `Person${n}`,
		lastName: 'Bench',
		position: n % 3 === 0 ? 'Marketing Manager' : 'Account Executive',
		seniority: n % 3 === 0 ? 5 : 6,
		department: n % 3 === 0 ? 11 : 2,
		state: n % 2 === 0 ? 'AU-NSW' : 'NZ-WGN',
		city: n % 2 === 0 ? 'Sydney' : 'Wellington',
		workEmail: `person${n}@bench.example.com.au`,
		phone: n % 4 === 0 ? `+61 400 ${String(n).padStart(6, '0')}` : undefined,
		companyId,
	}));
}

export class AnzEnrichmentService extends EnrichmentSimulator {
	readonly name = 'anz';
	readonly contract = anzContract;
	protected readonly prefix = '/anz';

	/** A request its contract does not allow: the service's 400 with its error body. */
	refuse(problems: string[]): SimResponse {
		return this.error(400, 'BAD_REQUEST', problems.join('; '));
	}
	readonly people: AnzPerson[];
	readonly companies: AnzCompany[];
	/** Largest search page. */
	readonly maxPageSize = 100;

	constructor(seed: AnzSeed = DEMO_ANZ_SEED) {
		super(seed);
		this.people = [...seed.people];
		this.companies = [...seed.companies];
	}

	protected apiKeyOf(request: SimRequest): string | undefined {
		const match = /^Bearer\s+(.+)$/i.exec(String(request.headers.authorization ?? ''));
		return match?.[1].trim();
	}

	protected errorBody(_status: number, code: string, message: string): unknown {
		return { error: { code, message } };
	}

	private companyOf(person: AnzPerson): AnzCompany | undefined {
		return this.companies.find((company) => company.id === person.companyId);
	}

	/** The person as the service returns it. */
	personRecord(person: AnzPerson) {
		const company = this.companyOf(person);
		const country = person.state.slice(0, 2);
		return {
			id: person.id,
			name: `${person.firstName} ${person.lastName}`,
			first_name: person.firstName,
			last_name: person.lastName,
			headline: `${person.position} at ${company?.name ?? 'an undisclosed company'}`,
			position: person.position,
			current_company: company
				? {
						id: company.id,
						name: company.name,
						size: company.size,
						website: `https://${company.domain}`,
						industry: company.industries,
						linkedin: `https://www.linkedin.com/company/${company.slug}`,
					}
				: null,
			emails: {
				work: person.workEmail ? [{ value: person.workEmail, deliverability: 'valid' }] : [],
				personal: person.personalEmail
					? [{ value: person.personalEmail, deliverability: 'valid' }]
					: [],
			},
			phones: person.phone ? [{ value: person.phone, is_dnd: false }] : [],
			linkedin: `https://www.linkedin.com/in/${person.slug}`,
			location: [person.city, person.state.slice(3), COUNTRY[country]],
			department: DEPARTMENT[person.department],
			seniority: SENIORITY[person.seniority],
		};
	}

	/** The company as the service returns it. */
	companyRecord(company: AnzCompany) {
		return {
			id: company.id,
			name: company.name,
			website: `https://www.${company.domain}`,
			fqdn: company.domain,
			description: `${company.name} operates in ${company.industries.join(', ')}.`,
			linkedin: `https://www.linkedin.com/company/${company.slug}`,
			au_employee_count: company.employees,
			company_size: company.size,
			hq_location: company.state,
			hq_country: COUNTRY[company.state.slice(0, 2)],
			industries: company.industries,
			industry_codes: { abn: company.abn ?? null },
			states: [company.state.slice(3)],
			nextGen: { technographics: company.technologies },
		};
	}

	protected route(request: SimRequest, path: string): SimResponse {
		const body = (request.body ?? {}) as Record<string, unknown>;
		if (request.method === 'GET' && path === '/account/usage') {
			return reply(200, {
				credits_remaining: this.credits,
				credits_used: this.creditsSpent,
				plan: 'simulated',
			});
		}
		if (request.method === 'POST' && path === '/enrich/person') {
			const given = ['network_url', 'email', 'network_slug'].filter(
				(key) => body[key] !== undefined && body[key] !== '',
			);
			if (given.length !== 1) {
				return this.error(
					400,
					'BAD_REQUEST',
					'Exactly one of network_url, email or network_slug is required',
				);
			}
			this.recordsLookedUp++;
			const value = String(body[given[0]]).trim().toLowerCase();
			const person = this.people.find((p) => {
				if (given[0] === 'email')
					return [p.workEmail, p.personalEmail].some((e) => e?.toLowerCase() === value);
				const slug = given[0] === 'network_url' ? profileSlug(value) : value;
				return p.slug === slug;
			});
			if (!person) return this.noMatch('No person matches the given identifier');
			const cost = person.phone ? 2 : 1;
			return this.charge(cost) ?? this.found(this.personRecord(person), cost);
		}
		if (request.method === 'POST' && path === '/enrich/company') {
			const given = ['domain', 'network_url', 'abn', 'website'].filter(
				(key) => body[key] !== undefined && body[key] !== '',
			);
			if (given.length !== 1) {
				return this.error(
					400,
					'BAD_REQUEST',
					'Exactly one of domain, network_url, abn or website is required',
				);
			}
			this.recordsLookedUp++;
			const value = String(body[given[0]]);
			const company = this.companies.find((c) => {
				if (given[0] === 'abn') return c.abn !== undefined && c.abn === value.replace(/\s+/g, '');
				if (given[0] === 'network_url') return c.slug === profileSlug(value);
				return canonical(value).split('/')[0] === c.domain;
			});
			if (!company) return this.noMatch('No company matches the given identifier');
			return this.charge(1) ?? this.found(this.companyRecord(company), 1);
		}
		if (request.method === 'POST' && path === '/search/people') return this.search(body);
		if (request.method === 'GET' && (path === '/people' || path === '/company')) {
			return this.serviceLookup(path, request.query);
		}
		if (request.method === 'POST' && path === '/people/search') return this.serviceSearch(body);
		return this.error(404, 'NO_ROUTE', `No route ${request.method} ${path}`);
	}

	/** `GET /people` and `GET /company` of the service's own API. */
	private serviceLookup(path: string, query: URLSearchParams): SimResponse {
		const keys =
			path === '/people'
				? ['ln_url', 'ln_slug', 'work_email', 'personal_email', 'id']
				: ['fqdn', 'ln_url', 'ln_slug', 'abn', 'website', 'id'];
		const given = keys.filter((key) => query.get(key));
		if (given.length !== 1) {
			return this.error(400, 'BAD_REQUEST', `Exactly one of ${keys.join(', ')} is required`);
		}
		const [key] = given;
		const value = String(query.get(key)).trim();
		this.recordsLookedUp++;
		if (path === '/people') {
			const person = this.people.find((p) => {
				if (key === 'id') return p.id === value;
				if (key === 'work_email') return p.workEmail?.toLowerCase() === value.toLowerCase();
				if (key === 'personal_email') return p.personalEmail?.toLowerCase() === value.toLowerCase();
				return p.slug === (key === 'ln_url' ? profileSlug(value) : value.toLowerCase());
			});
			if (!person) return reply(200, { message: 'No results found' });
			const cost = person.phone ? 2 : 1;
			return this.charge(cost) ?? reply(200, this.personRecord(person));
		}
		const company = this.companies.find((c) => {
			if (key === 'id') return c.id === value;
			if (key === 'abn') return c.abn === value;
			if (key === 'ln_url') return c.slug === profileSlug(value);
			if (key === 'ln_slug') return c.slug === value.toLowerCase();
			return canonical(value).split('/')[0] === c.domain;
		});
		if (!company) return reply(200, { message: 'No results found' });
		return this.charge(1) ?? reply(200, this.companyRecord(company));
	}

	/** `POST /people/search` of the service's own API: previews, a bare array. */
	private serviceSearch(body: Record<string, unknown>): SimResponse {
		const from = Number(body.from ?? 0);
		const size = Number(body.size ?? 25);
		if (!Number.isInteger(size) || size < 1 || size > this.maxPageSize) {
			return this.error(400, 'BAD_REQUEST', `size must be between 1 and ${this.maxPageSize}`);
		}
		const ids = (value: unknown) =>
			value === undefined ? undefined : String(value).split(',').map(Number);
		const seniority = ids(body.seniority);
		const department = ids(body.department);
		const position = typeof body.position === 'string' ? body.position.toLowerCase() : undefined;
		const matches = this.people.filter((person) => {
			if (body.selectedCountry && person.state.slice(0, 2) !== body.selectedCountry) return false;
			if (body.companyId && person.companyId !== body.companyId) return false;
			if (
				position &&
				!position.split(/\s+/).every((word) => person.position.toLowerCase().includes(word))
			)
				return false;
			if (seniority && !seniority.includes(person.seniority)) return false;
			if (department && !department.includes(person.department)) return false;
			return true;
		});
		return reply(
			200,
			matches.slice(from, from + size).map((person) => ({
				person_id: person.id,
				position: person.position,
				company_name: this.companyOf(person)?.name ?? null,
				linkedin: `https://www.linkedin.com/in/${person.slug}`,
				has_email: Boolean(person.workEmail),
				has_personal_email: Boolean(person.personalEmail),
				has_phone: Boolean(person.phone),
				has_dnd_phone: false,
				has_mobile: Boolean(person.phone),
			})),
		);
	}

	private found(record: unknown, credits: number): SimResponse {
		return reply(200, record, {
			'x-credits-charged': String(credits),
			'x-credits-remaining': String(this.credits),
			'x-request-id': this.nextRequestId(),
		});
	}

	private noMatch(message: string): SimResponse {
		const response = this.error(404, 'NOT_FOUND', message);
		response.headers = { ...response.headers, 'x-credits-charged': '0' };
		return response;
	}

	private search(body: Record<string, unknown>): SimResponse {
		const from = Number(body.from ?? 0);
		const size = Number(body.size ?? 25);
		if (!Number.isInteger(size) || size < 1 || size > this.maxPageSize) {
			return this.error(400, 'BAD_REQUEST', `size must be between 1 and ${this.maxPageSize}`);
		}
		const list = (key: string) => (Array.isArray(body[key]) ? (body[key] as unknown[]) : undefined);
		const company = typeof body.company === 'string' ? body.company.toLowerCase() : undefined;
		const position = typeof body.position === 'string' ? body.position.toLowerCase() : undefined;
		const filters = [
			company,
			position,
			list('seniority'),
			list('department'),
			list('locations'),
			list('company_size'),
		];
		if (filters.every((f) => f === undefined)) {
			return this.error(400, 'BAD_REQUEST', 'At least one search filter is required');
		}
		const matches = this.people.filter((person) => {
			const employer = this.companyOf(person);
			if (
				company &&
				!`${employer?.name ?? ''} ${employer?.domain ?? ''}`.toLowerCase().includes(company)
			)
				return false;
			if (
				position &&
				!position.split(/\s+/).every((word) => person.position.toLowerCase().includes(word))
			)
				return false;
			if (list('seniority') && !list('seniority')!.map(Number).includes(person.seniority))
				return false;
			if (list('department') && !list('department')!.map(Number).includes(person.department))
				return false;
			if (list('locations') && !list('locations')!.includes(person.state)) return false;
			if (list('company_size') && !list('company_size')!.includes(employer?.size)) return false;
			return true;
		});
		const page = matches.slice(from, from + size);
		const cost = Math.ceil(page.length / 25);
		const refused = this.charge(cost);
		if (refused) return refused;
		return reply(
			200,
			{
				total: matches.length,
				records: page.map((person) => ({
					person_id: person.id,
					name: `${person.firstName} ${person.lastName}`,
					position: person.position,
					company_name: this.companyOf(person)?.name ?? null,
					linkedin: `https://www.linkedin.com/in/${person.slug}`,
					state: person.state,
					has_email: Boolean(person.workEmail),
					has_personal_email: Boolean(person.personalEmail),
					has_phone: Boolean(person.phone),
				})),
			},
			{ 'x-credits-charged': String(cost), 'x-credits-remaining': String(this.credits) },
		);
	}
}
