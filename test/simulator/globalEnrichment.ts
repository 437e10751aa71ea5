import {
	EnrichmentSimulator,
	canonical,
	profileSlug,
	type EnrichmentAccount,
} from './enrichmentBase';
import { GlobalSignals } from './globalSignals';
import { globalContract, refusal } from '../contracts/global';
import type { SimRequest, SimResponse } from './server';
import { reply } from './server';

/**
 * The global contact and company enrichment service under `/global/`, following SPEC.md section D:
 * - auth header `api_key: <key>` (401 otherwise);
 * - `GET /account/usage`: credit balance, costs nothing (the credential test);
 * - `POST /person` with exactly one identifying set: `email`, `networkUrl`, or
 *   `firstName` + `lastName` + `company`; `POST /company` with `domain` or `name`;
 * - `POST /person/bulk` and `/company/bulk`: a JSON array of 1-100 such objects, each with a
 *   unique string `referenceId`; more than 100 is HTTP 400. Each record gets its own result,
 *   `{ referenceId, data, creditsCharged }` or `{ referenceId, data: null, error: { code, message } }`
 *   (NOT_FOUND, INVALID_INPUT, COMPLIANCE_RESTRICTED), plus `billing.creditsCharged` for the call;
 * - `POST /prospecting/contact/search` and `/prospecting/company/search`:
 *   `{ pagination: { page, size }, filters: { contacts: { include }, companies: { include } } }`,
 *   page 0-based, size at most 50; free of credits.
 * The service's own API (V3) on the same prefix, as the real service documents it:
 * - `POST /v3/contacts/search-and-enrich` `{ contacts: [{ clientReferenceId, email | linkedinUrl |
 *   firstName + lastName + (companyName | companyDomain) }] }` and `POST /v3/companies/search-and-enrich`
 *   `{ companies: [{ clientReferenceId, domain | name }] }`, 1-100 records; answer
 *   `{ requestId, results: [{ clientReferenceId, ...record } | { clientReferenceId, error }],
 *   billing: { creditsCharged, resultsReturned } }`; per-record codes NOT_FOUND, COMPLIANCE_RESTRICTED;
 * - `POST /v3/contacts/prospecting` and `/v3/companies/prospecting`: as the contract's search, with
 *   industry IDs (`mainIndustriesIds`) instead of names, size at most 50;
 * - `GET /v3/companies/prospecting/filters/industriesLabels`: the industry list (free);
 * - `GET /v3/account/usage`: `{ credits: { total, used, remaining }, rateLimits: { daily, hourly,
 *   minute: { limit, used, remaining, resetsAt } }, plan: { category, renewalType, startDate,
 *   endDate }, pricing }`, free, with its own limit of 5 calls a minute (429 beyond it); the node
 *   reads `resetsAt` after a used-up window. It is not counted against the request windows: the
 *   reference gives it a limit of its own and says nothing of the daily quota (set
 *   `rateLimit.usagePerMinute` to 0 to have it refused). A window with no limit configured has
 *   `limit`, `used` and `remaining` null;
 * - used-up daily quota: 429 with `x-daily-requests-left: 0` and the documented message;
 * - every request is checked against the service's contract (../contracts/global.ts) before it is
 *   answered: any property the document lacks, at any depth, or query parameter is refused with 400
 *   `{ statusCode, message, errors }` (the document's `ErrorResponse`), as the service validates.
 * A found contact costs 2 credits with a phone number, else 1; a company 1; a miss nothing.
 * Errors use the envelope `{ statusCode, message }`; 402 when the balance is short (a bulk call is
 * refused whole). Rate-limit headers (`x-minute-requests-left`, ...) come on every answer when a
 * limit is configured; there is no Retry-After.
 */

/** The service's industry IDs (1-based) of the simulated industries. */
export const INDUSTRY_IDS = [
	'Software',
	'Retail',
	'Manufacturing',
	'Finance',
	'Healthcare',
	'Logistics',
];

export interface GlobalContact {
	id: string;
	firstName: string;
	lastName: string;
	email?: string;
	phone?: string;
	slug?: string;
	jobTitle: string;
	seniority: string;
	companyId: string;
	country: string;
	city: string;
	/** This contact is never returned (per-record COMPLIANCE_RESTRICTED). */
	restricted?: boolean;
}

export interface GlobalCompany {
	id: string;
	name: string;
	domain: string;
	industry: string;
	employees: number;
	revenue: string;
	country: string;
	city: string;
	technologies: string[];
}

export interface GlobalSeed extends EnrichmentAccount {
	contacts: GlobalContact[];
	companies: GlobalCompany[];
}

export const DEMO_GLOBAL_SEED: GlobalSeed = {
	apiKeys: ['global-demo-key'],
	credits: 10_000,
	companies: [
		{
			id: 'c-1001',
			name: 'Northwind Traders',
			domain: 'northwind.example.com',
			industry: 'Software',
			employees: 420,
			revenue: '$50M-$100M',
			country: 'United States',
			city: 'Seattle',
			technologies: ['Salesforce', 'Segment'],
		},
		{
			id: 'c-1002',
			name: 'Contoso GmbH',
			domain: 'contoso.example.de',
			industry: 'Manufacturing',
			employees: 2600,
			revenue: '$500M-$1B',
			country: 'Germany',
			city: 'Munich',
			technologies: ['SAP'],
		},
		{
			id: 'c-1003',
			name: 'Fabrikam Pty Ltd',
			domain: 'fabrikam.example.com.au',
			industry: 'Retail',
			employees: 45,
			revenue: '$1M-$10M',
			country: 'Australia',
			city: 'Brisbane',
			technologies: ['Shopify'],
		},
	],
	contacts: [
		{
			id: 'p-2001',
			firstName: 'Ana',
			lastName: 'Silva',
			email: 'ana.silva@northwind.example.com',
			phone: '+1 206 555 0101',
			slug: 'ana-silva',
			jobTitle: 'VP Marketing',
			seniority: 'VP',
			companyId: 'c-1001',
			country: 'United States',
			city: 'Seattle',
		},
		{
			id: 'p-2002',
			firstName: 'Jonas',
			lastName: 'Becker',
			email: 'jonas.becker@contoso.example.de',
			slug: 'jonas-becker',
			jobTitle: 'Head of Sales',
			seniority: 'Director',
			companyId: 'c-1002',
			country: 'Germany',
			city: 'Munich',
		},
		{
			id: 'p-2003',
			firstName: 'Mia',
			lastName: 'Taylor',
			email: 'mia@fabrikam.example.com.au',
			slug: 'mia-taylor',
			jobTitle: 'Marketing Manager',
			seniority: 'Manager',
			companyId: 'c-1003',
			country: 'Australia',
			city: 'Brisbane',
		},
		{
			id: 'p-2004',
			firstName: 'Eve',
			lastName: 'Private',
			email: 'eve@contoso.example.de',
			jobTitle: 'Engineer',
			seniority: 'Senior',
			companyId: 'c-1002',
			country: 'Germany',
			city: 'Berlin',
			restricted: true,
		},
	],
};

/** `count` generated contacts, e-mails `contact<n>@bench.example.com`, every 5th with a phone. */
export function generateGlobalContacts(count: number, companyId = 'c-1001'): GlobalContact[] {
	return Array.from({ length: count }, (_, n) => ({
		id: `pg-${n}`,
		firstName: `Contact${n}`,
		lastName: 'Bench',
		email: `contact${n}@bench.example.com`,
		phone: n % 5 === 0 ? `+1 555 ${String(n).padStart(7, '0')}` : undefined,
		slug: `bench-contact-${n}`,
		jobTitle: n % 2 === 0 ? 'Marketing Manager' : 'Sales Representative',
		seniority: 'Manager',
		companyId,
		country: 'United States',
		city: 'Seattle',
	}));
}

type Outcome = { data: unknown; credits: number } | { error: { code: string; message: string } };

/** Calls a minute the real service allows to its usage endpoint. */
export const USAGE_CALLS_PER_MINUTE = 5;

/** The next midnight (UTC) after `now`: when the daily window resets. */
export const nextUtcMidnight = (now: number) => {
	const day = new Date(now);
	return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1);
};

export class GlobalEnrichmentService extends EnrichmentSimulator {
	readonly name = 'global';
	protected readonly prefix = '/global';
	readonly contract = globalContract;
	readonly contacts: GlobalContact[];
	readonly companies: GlobalCompany[];
	readonly maxBulk = 100;
	readonly maxPageSize = 50;
	/**
	 * When the usage says the daily window resets (epoch ms), pinned by a test whose n8n runs on
	 * the real clock; unset, the next midnight UTC, as the service answers.
	 */
	dailyResetAt?: number;
	/** The usage call's own minute window. */
	private usageWindowStart = Date.now();
	private usageCalls = 0;

	/** Indexes of the (fixed) records: a 10,000-contact bench would otherwise scan them per lookup. */
	private readonly contactByEmail = new Map<string, GlobalContact>();
	private readonly contactById = new Map<string, GlobalContact>();
	private readonly companyById = new Map<string, GlobalCompany>();

	constructor(seed: GlobalSeed = DEMO_GLOBAL_SEED) {
		super(seed);
		this.contacts = [...seed.contacts];
		this.companies = [...seed.companies];
		// The first record wins, as a scan in seed order would find it.
		for (const contact of [...this.contacts].reverse()) {
			if (contact.email) this.contactByEmail.set(contact.email.toLowerCase(), contact);
			this.contactById.set(contact.id, contact);
		}
		for (const company of [...this.companies].reverse()) this.companyById.set(company.id, company);
	}

	/** Signals, scores, lookalikes and filter catalogues (./globalSignals.ts). */
	readonly signalOps = new GlobalSignals({
		contactIds: () => this.contacts.map((c) => c.id),
		companyIds: () => this.companies.map((c) => c.id),
		contactRecord: (id) => {
			const contact = this.contactById.get(id);
			return contact ? this.v3ContactRecord(contact) : undefined;
		},
		companyRecord: (id) => {
			const company = this.companyById.get(id);
			return company ? this.v3CompanyRecord(company) : undefined;
		},
		isRestricted: (kind, id) => kind === 'contacts' && !!this.contactById.get(id)?.restricted,
		resolve: (kind, input) => this.resolveForScore(kind, input),
		scoreIdentity: (kind, id) => {
			if (kind === 'companies') {
				const company = this.companyById.get(id);
				return company ? { name: company.name, domain: company.domain } : {};
			}
			const contact = this.contactById.get(id);
			const company = contact && this.companyById.get(contact.companyId);
			return contact
				? {
						fullName: `${contact.firstName} ${contact.lastName}`,
						...(company
							? { company: { id: company.id, name: company.name, domain: company.domain } }
							: {}),
					}
				: {};
		},
		charge: (credits) => this.charge(credits),
		error: (status, code, message) => this.error(status, code, message),
		nextRequestId: () => this.nextRequestId(),
	});

	/** The record a signal score's input names by one identifier, as the service resolves it. */
	private resolveForScore(kind: 'contacts' | 'companies', input: Record<string, unknown>) {
		const text = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : undefined);
		if (kind === 'companies') {
			const email = text(input.email);
			const domain = text(input.domain) ?? (email ? email.split('@')[1] : undefined);
			const found = this.companies.find(
				(c) =>
					(input.id !== undefined && c.id === input.id) ||
					(domain !== undefined && c.domain.toLowerCase() === domain.replace(/^www\./, '')) ||
					(text(input.name) !== undefined && c.name.toLowerCase() === text(input.name)),
			);
			return found?.id;
		}
		if (typeof input.id === 'string') return this.contactById.get(input.id)?.id;
		if (text(input.email)) return this.contactByEmail.get(text(input.email)!)?.id;
		const slug = text(input.linkedinUrl)?.match(/\/in\/([^/?#]+)/)?.[1];
		const company = (c: GlobalContact) => this.companyById.get(c.companyId);
		const found = this.contacts.find((c) =>
			slug !== undefined
				? c.slug?.toLowerCase() === slug
				: c.firstName.toLowerCase() === text(input.firstName) &&
					c.lastName.toLowerCase() === text(input.lastName) &&
					(company(c)?.domain.toLowerCase() === text(input.companyDomain) ||
						company(c)?.name.toLowerCase() === text(input.companyName)),
		);
		return found?.id;
	}

	/** The service documents its 50 requests per second per endpoint. */
	protected readonly perSecondPerEndpoint = true;

	protected apiKeyOf(request: SimRequest): string | undefined {
		const value = request.headers.api_key;
		return Array.isArray(value) ? value[0] : value;
	}

	protected errorBody(status: number, _code: string, message: string): unknown {
		return { statusCode: status, message };
	}

	/** The service's 400 for a request its document does not allow. */
	refuse(problems: string[]): SimResponse {
		return reply(400, refusal(problems), { 'x-request-id': this.nextRequestId() });
	}

	contactRecord(contact: GlobalContact) {
		const company = this.companyById.get(contact.companyId);
		return {
			id: contact.id,
			firstName: contact.firstName,
			lastName: contact.lastName,
			fullName: `${contact.firstName} ${contact.lastName}`,
			jobTitle: { title: contact.jobTitle, seniority: contact.seniority, departments: [] },
			company: company
				? { id: company.id, name: company.name, domain: company.domain, industry: company.industry }
				: null,
			location: { country: contact.country, city: contact.city },
			emailAddresses: contact.email
				? [{ email: contact.email, emailType: 'work', emailConfidence: 'A' }]
				: [],
			phoneNumbers: contact.phone ? [{ number: contact.phone, phoneType: 'mobile' }] : [],
			socialLinks: contact.slug ? { linkedin: `https://www.linkedin.com/in/${contact.slug}` } : {},
		};
	}

	/** A contact as the service's own API (V3) returns it. */
	v3ContactRecord(contact: GlobalContact) {
		const company = this.companyById.get(contact.companyId);
		return {
			id: contact.id,
			firstName: contact.firstName,
			lastName: contact.lastName,
			jobTitle: { title: contact.jobTitle, seniority: contact.seniority, departments: [] },
			company: company
				? { id: company.id, name: company.name, domain: company.domain, industry: company.industry }
				: null,
			location: { country: contact.country, city: contact.city },
			socialLinks: contact.slug ? { linkedin: `https://www.linkedin.com/in/${contact.slug}` } : {},
			emails: contact.email ? [{ email: contact.email, type: 'work' }] : [],
			phones: contact.phone ? [{ number: contact.phone, type: 'mobile' }] : [],
		};
	}

	/** A company as the service's own API (V3) returns it. */
	v3CompanyRecord(company: GlobalCompany) {
		return {
			...this.companyRecord(company),
			employeeCount: { exact: company.employees },
			industryId: INDUSTRY_IDS.indexOf(company.industry) + 1 || undefined,
		};
	}

	companyRecord(company: GlobalCompany) {
		return {
			id: company.id,
			name: company.name,
			domain: company.domain,
			website: `https://www.${company.domain}`,
			industry: company.industry,
			employeeCount: company.employees,
			revenue: company.revenue,
			location: { country: company.country, city: company.city },
			technologies: company.technologies,
			socialLinks: { linkedin: `https://www.linkedin.com/company/${company.domain.split('.')[0]}` },
		};
	}

	/** Looks one person up; undefined cost means the input itself was invalid. */
	private findContact(input: Record<string, unknown>): Outcome {
		const text = (key: string) =>
			typeof input[key] === 'string' ? (input[key] as string).trim() : '';
		const sets = [
			text('email') ? 'email' : '',
			text('networkUrl') ? 'networkUrl' : '',
			text('firstName') || text('lastName') || text('company') ? 'name' : '',
		].filter(Boolean);
		if (sets.length !== 1) {
			return {
				error: {
					code: 'INVALID_INPUT',
					message: 'Give exactly one of email, networkUrl, or firstName + lastName + company',
				},
			};
		}
		if (sets[0] === 'name' && !(text('firstName') && text('lastName') && text('company'))) {
			return {
				error: {
					code: 'INVALID_INPUT',
					message: 'firstName, lastName and company are all required',
				},
			};
		}
		this.recordsLookedUp++;
		const contact =
			sets[0] === 'email'
				? this.contactByEmail.get(text('email').toLowerCase())
				: this.contacts.find((c) => {
						if (sets[0] === 'networkUrl')
							return c.slug !== undefined && c.slug === profileSlug(text('networkUrl'));
						const company = this.companyById.get(c.companyId);
						const wanted = text('company').toLowerCase();
						return (
							c.firstName.toLowerCase() === text('firstName').toLowerCase() &&
							c.lastName.toLowerCase() === text('lastName').toLowerCase() &&
							(company?.name.toLowerCase() === wanted || company?.domain === canonical(wanted))
						);
					});
		if (!contact) return { error: { code: 'NOT_FOUND', message: 'Contact not found' } };
		if (contact.restricted) {
			return {
				error: {
					code: 'COMPLIANCE_RESTRICTED',
					message: 'This contact cannot be returned for compliance reasons',
				},
			};
		}
		return { data: this.contactRecord(contact), credits: contact.phone ? 2 : 1 };
	}

	private findCompany(input: Record<string, unknown>): Outcome {
		const domain = typeof input.domain === 'string' ? input.domain.trim() : '';
		const name = typeof input.name === 'string' ? input.name.trim() : '';
		if (Boolean(domain) === Boolean(name)) {
			return { error: { code: 'INVALID_INPUT', message: 'Give exactly one of domain or name' } };
		}
		this.recordsLookedUp++;
		const company = this.companies.find((c) =>
			domain ? c.domain === canonical(domain) : c.name.toLowerCase() === name.toLowerCase(),
		);
		if (!company) return { error: { code: 'NOT_FOUND', message: 'Company not found' } };
		return { data: this.companyRecord(company), credits: 1 };
	}

	private single(outcome: Outcome): SimResponse {
		const requestId = this.nextRequestId();
		if ('error' in outcome) {
			if (outcome.error.code === 'INVALID_INPUT') {
				return reply(
					400,
					{ statusCode: 400, message: outcome.error.message, errors: [outcome.error.message] },
					{ 'x-request-id': requestId },
				);
			}
			return reply(200, { requestId, data: null, error: outcome.error, creditsCharged: 0 });
		}
		return (
			this.charge(outcome.credits) ??
			reply(200, { requestId, data: outcome.data, creditsCharged: outcome.credits })
		);
	}

	private bulk(body: unknown, find: (input: Record<string, unknown>) => Outcome): SimResponse {
		if (!Array.isArray(body))
			return this.error(400, 'BAD_REQUEST', 'The body must be a JSON array of records');
		if (body.length < 1 || body.length > this.maxBulk) {
			return this.error(
				400,
				'BAD_REQUEST',
				`A bulk request takes between 1 and ${this.maxBulk} records; got ${body.length}`,
			);
		}
		const references = body.map((record) => (record as Record<string, unknown>)?.referenceId);
		if (
			references.some((ref) => typeof ref !== 'string' || !ref) ||
			new Set(references).size !== references.length
		) {
			return this.error(400, 'BAD_REQUEST', 'Every record needs a unique string referenceId');
		}
		const outcomes = body.map((record) => find(record as Record<string, unknown>));
		const total = outcomes.reduce((sum, o) => sum + ('error' in o ? 0 : o.credits), 0);
		const refused = this.charge(total);
		if (refused) return refused;
		const results = outcomes.map((outcome, n) =>
			'error' in outcome
				? { referenceId: references[n], data: null, error: outcome.error, creditsCharged: 0 }
				: { referenceId: references[n], data: outcome.data, creditsCharged: outcome.credits },
		);
		return reply(200, {
			requestId: this.nextRequestId(),
			results,
			billing: { creditsCharged: total, resultsReturned: results.filter((r) => r.data).length },
		});
	}

	/** `POST /v3/<kind>/search-and-enrich`: a batch of records matched back by `clientReferenceId`. */
	private searchAndEnrich(
		kind: 'contacts' | 'companies',
		body: Record<string, unknown>,
	): SimResponse {
		const records = body[kind];
		if (!Array.isArray(records) || records.length < 1 || records.length > this.maxBulk) {
			return this.error(
				400,
				'BAD_REQUEST',
				`${kind} must be an array of 1 to ${this.maxBulk} items`,
			);
		}
		const outcomes = records.map((raw) => {
			const input = (raw ?? {}) as Record<string, unknown>;
			if (kind === 'companies') return this.findCompany(input);
			const company = input.companyName ?? input.companyDomain;
			const { linkedinUrl, ...rest } = input;
			delete rest.companyName;
			delete rest.companyDomain;
			return this.findContact({
				...rest,
				...(linkedinUrl !== undefined ? { networkUrl: linkedinUrl } : {}),
				...(company !== undefined ? { company } : {}),
			});
		});
		const total = outcomes.reduce((sum, o) => sum + ('error' in o ? 0 : o.credits), 0);
		const refused = this.charge(total);
		if (refused) return refused;
		const results = outcomes.map((outcome, n) => {
			const clientReferenceId = (records[n] as Record<string, unknown>)?.clientReferenceId;
			if ('error' in outcome) return { clientReferenceId, error: outcome.error };
			const id = (outcome.data as { id: string }).id;
			const record =
				kind === 'contacts'
					? this.v3ContactRecord(this.contactById.get(id)!)
					: this.v3CompanyRecord(this.companyById.get(id)!);
			return { clientReferenceId, ...record };
		});
		return reply(200, {
			requestId: this.nextRequestId(),
			results,
			billing: {
				creditsCharged: total,
				resultsReturned: results.filter((r) => !('error' in r)).length,
			},
		});
	}

	private prospect(
		kind: 'contact' | 'company',
		body: Record<string, unknown>,
		v3 = false,
	): SimResponse {
		const pagination = (body.pagination ?? {}) as Record<string, unknown>;
		const page = Number(pagination.page ?? 0);
		const size = Number(pagination.size ?? 20);
		if (
			!Number.isInteger(page) ||
			page < 0 ||
			!Number.isInteger(size) ||
			size < (v3 ? 10 : 1) ||
			size > this.maxPageSize
		) {
			// The service's own prospecting takes pages of 10 to 100 (reference, services-beyond-seed §3).
			return this.error(
				400,
				'BAD_REQUEST',
				`pagination.size must be between ${v3 ? 10 : 1} and ${this.maxPageSize}`,
			);
		}
		const filters = (body.filters ?? {}) as Record<string, { include?: Record<string, unknown> }>;
		const contactsFilter = filters.contacts?.include ?? {};
		const companiesFilter = filters.companies?.include ?? {};
		if (!Object.keys(contactsFilter).length && !Object.keys(companiesFilter).length) {
			return this.error(400, 'BAD_REQUEST', 'At least one filter is required');
		}
		const strings = (value: unknown) =>
			Array.isArray(value) ? value.map((v) => String(v).toLowerCase()) : undefined;
		const countries = (value: unknown) =>
			Array.isArray(value)
				? value.map((v) => String((v as Record<string, unknown>).country ?? '').toLowerCase())
				: undefined;
		const sizes = Array.isArray(companiesFilter.sizes)
			? (companiesFilter.sizes as Array<{ min: number; max?: number }>)
			: undefined;
		const companyMatches = (company: GlobalCompany | undefined, locations?: string[]) => {
			if (!company) return false;
			const names = strings(companiesFilter.names);
			if (names && !names.some((n) => company.name.toLowerCase().includes(n))) return false;
			const industries = strings(companiesFilter.industries);
			if (industries && !industries.includes(company.industry.toLowerCase())) return false;
			const industryIds = Array.isArray(companiesFilter.mainIndustriesIds)
				? (companiesFilter.mainIndustriesIds as number[])
				: undefined;
			if (industryIds && !industryIds.includes(INDUSTRY_IDS.indexOf(company.industry) + 1))
				return false;
			if (
				sizes &&
				!sizes.some(
					(s) => company.employees >= s.min && (s.max === undefined || company.employees <= s.max),
				)
			)
				return false;
			if (locations && !locations.includes(company.country.toLowerCase())) return false;
			return true;
		};
		let matches: unknown[];
		if (kind === 'contact') {
			const titles = strings(contactsFilter.jobTitles);
			const locations = countries(contactsFilter.locations);
			matches = this.contacts
				.filter((c) => !c.restricted)
				.filter((c) => !titles || titles.some((t) => c.jobTitle.toLowerCase().includes(t)))
				.filter((c) => !locations || locations.includes(c.country.toLowerCase()))
				.filter(
					(c) =>
						!Object.keys(companiesFilter).length ||
						companyMatches(this.companies.find((co) => co.id === c.companyId)),
				)
				.map((c) => (v3 ? this.v3ContactRecord(c) : this.contactRecord(c)));
		} else {
			const locations = countries(companiesFilter.locations);
			matches = this.companies
				.filter((c) => companyMatches(c, locations))
				.map((c) => (v3 ? this.v3CompanyRecord(c) : this.companyRecord(c)));
		}
		const data = matches.slice(page * size, page * size + size);
		if (v3) {
			// The V3 answer (the service's OpenAPI): `results` and `pagination { page, size, total }`.
			return reply(200, {
				requestId: this.nextRequestId(),
				results: data,
				pagination: { page, size, total: matches.length },
				billing: { creditsCharged: 0 },
			});
		}
		return reply(200, {
			requestId: this.nextRequestId(),
			currentPage: page,
			pageLength: data.length,
			totalResults: matches.length,
			data,
		});
	}

	protected ownLimit(request: SimRequest, path: string): (() => SimResponse) | undefined {
		return request.method === 'GET' && path === '/v3/account/usage'
			? () => this.usage()
			: undefined;
	}

	/** `GET /v3/account/usage`: credits, each rate window with its reset, the plan. */
	private usage(): SimResponse {
		const now = Date.now();
		if (now - this.usageWindowStart >= 60_000) {
			this.usageWindowStart = now;
			this.usageCalls = 0;
		}
		if (this.usageCalls >= (this.rateLimit.usagePerMinute ?? USAGE_CALLS_PER_MINUTE)) {
			return this.error(
				429,
				'RATE_LIMITED',
				'Too many requests. Please wait before making another request.',
			);
		}
		this.usageCalls++;
		if (now - this.windowStart >= 60_000) this.resetRateWindow();
		const window = (limit: number | undefined, used: number, resetsAt: number) => ({
			limit: limit ?? null,
			used: limit === undefined ? null : used,
			remaining: limit === undefined ? null : Math.max(0, limit - used),
			resetsAt: new Date(resetsAt).toISOString(),
		});
		const hour = 3_600_000;
		const { perMinute, perDay } = this.rateLimit;
		return reply(200, {
			credits: {
				total: this.credits + this.creditsSpent,
				used: this.creditsSpent,
				remaining: this.credits,
			},
			rateLimits: {
				daily: window(perDay, this.dayCount, this.dailyResetAt ?? nextUtcMidnight(now)),
				hourly: window(undefined, 0, Math.floor(now / hour) * hour + hour),
				minute: window(perMinute, this.windowCount, this.windowStart + 60_000),
			},
			plan: {
				category: 'simulated',
				renewalType: 'monthly',
				startDate: '2026-11-01',
				endDate: '2026-11-30',
			},
			pricing: {},
		});
	}

	protected route(request: SimRequest, path: string): SimResponse {
		const signals = this.signalOps.route(request, path);
		if (signals) return signals;
		const body = request.body;
		const record = (body ?? {}) as Record<string, unknown>;
		if (request.method === 'GET' && path === '/v3/companies/prospecting/filters/industriesLabels') {
			return reply(200, {
				values: INDUSTRY_IDS.map((name, n) => ({
					main_industry: name,
					main_industry_id: n + 1,
					sub_industries: [
						{ id: 100 * (n + 1) + 1, value: `${name} services` },
						{ id: 100 * (n + 1) + 2, value: `Other ${name.toLowerCase()}` },
					],
				})),
			});
		}
		if (request.method === 'GET' && path === '/account/usage') {
			return reply(200, {
				creditsRemaining: this.credits,
				creditsUsed: this.creditsSpent,
				plan: 'simulated',
			});
		}
		if (request.method === 'POST') {
			if (path === '/person') return this.single(this.findContact(record));
			if (path === '/company') return this.single(this.findCompany(record));
			if (path === '/person/bulk') return this.bulk(body, (input) => this.findContact(input));
			if (path === '/company/bulk') return this.bulk(body, (input) => this.findCompany(input));
			if (path === '/prospecting/contact/search') return this.prospect('contact', record);
			if (path === '/prospecting/company/search') return this.prospect('company', record);
			if (path === '/v3/contacts/search-and-enrich')
				return this.searchAndEnrich('contacts', record);
			if (path === '/v3/companies/search-and-enrich') {
				return this.searchAndEnrich('companies', record);
			}
			if (path === '/v3/contacts/prospecting') return this.prospect('contact', record, true);
			if (path === '/v3/companies/prospecting') return this.prospect('company', record, true);
		}
		return this.error(404, 'NO_ROUTE', `No route ${request.method} ${path}`);
	}
}
