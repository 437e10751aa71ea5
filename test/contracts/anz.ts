/**
 * The ANZ (AU/NZ) sales-intelligence service's contract (simulator module `anz`, paths under
 * `/anz`). Two surfaces: the connection contract the spec chose (SPEC.md section C: enrich person,
 * enrich company; search and usage are the spec's own, its paths "not shown" there, so assumed),
 * and the service's own public API as `../shared/reference/services-beyond-seed.md` §2 sums it up
 * (`GET /people`, `GET /company`, `POST /people/search`, sources S10 to S12 there).
 */
import type { Endpoint, Schema, ServiceContract } from './types';

const text: Schema = { type: 'string' };
const nullableText: Schema = { type: ['string', 'null'] };
const flag: Schema = { type: 'boolean' };
const texts: Schema = { type: 'array', items: text };

/** `{error: {code, message}}`: the connection contract's error body (SPEC.md "Errors"). */
const error: Schema = {
	type: 'object',
	required: ['error'],
	properties: {
		error: {
			type: 'object',
			required: ['code', 'message'],
			properties: { code: text, message: text },
		},
	},
	assumed:
		'SPEC.md names the statuses (401, 402, 404, 429) but not the body: `{error:{code,message}}`.',
};
const errors = { '4xx': error, '5xx': error };

const email: Schema = {
	type: 'array',
	items: {
		type: 'object',
		required: ['value'],
		properties: { value: text, deliverability: text },
	},
};
/** A person record (the service's `GET /people` answer; the enrich step answers the same). */
const person: Schema = {
	type: 'object',
	required: ['id'],
	properties: {
		id: text,
		name: text,
		first_name: text,
		last_name: text,
		headline: text,
		position: text,
		current_company: {
			type: ['object', 'null'],
			properties: {
				id: text,
				name: text,
				size: text,
				website: text,
				industry: texts,
				linkedin: text,
			},
		},
		emails: { type: 'object', properties: { work: email, personal: email } },
		phones: {
			type: 'array',
			items: { type: 'object', required: ['value'], properties: { value: text, is_dnd: flag } },
		},
		linkedin: text,
		location: { type: 'array', items: nullableText },
		department: nullableText,
		seniority: nullableText,
	},
};
/** A company record (`GET /company`; the enrich step answers the same). */
const company: Schema = {
	type: 'object',
	required: ['id'],
	properties: {
		id: text,
		name: text,
		website: text,
		fqdn: text,
		description: text,
		linkedin: text,
		au_employee_count: { type: 'integer' },
		company_size: text,
		hq_location: text,
		hq_country: nullableText,
		industries: texts,
		industry_codes: { type: 'object', properties: { abn: nullableText } },
		states: texts,
		nextGen: { type: 'object', properties: { technographics: texts } },
	},
};
/** The service's own no-match: HTTP 200 with a message and no `id` (clients also see 404). */
const noResult: Schema = {
	type: 'object',
	required: ['message'],
	properties: { message: text },
	assumed: 'Public clients read a 200 without `id`, or a 404, as no match (reference §2.1, S11).',
};

/** Exactly one identifying field, checked by the module (the schema says which may appear). */
const oneOf = (names: string[]): Schema => ({
	type: 'object',
	properties: Object.fromEntries(names.map((name) => [name, { type: 'string', minLength: 1 }])),
});

const endpoints: Endpoint[] = [
	{
		method: 'POST',
		path: '/enrich/person',
		operation: 'Enrich person',
		source: 'spec',
		request: { body: oneOf(['network_url', 'email', 'network_slug']) },
		answers: { '200': person, ...errors },
		assumed: ['The answer is the service’s own person record (SPEC.md gives no answer shape).'],
	},
	{
		method: 'POST',
		path: '/enrich/company',
		operation: 'Enrich company',
		source: 'spec',
		request: {
			body: {
				type: 'object',
				properties: {
					domain: { type: 'string', minLength: 1 },
					network_url: { type: 'string', minLength: 1 },
					abn: { type: 'string', minLength: 1 },
					website: { type: 'string', minLength: 1 },
				},
			},
		},
		answers: { '200': company, ...errors },
		assumed: ['The answer is the service’s own company record (SPEC.md gives no answer shape).'],
	},
	{
		method: 'POST',
		path: '/search/people',
		operation: 'People Search (tool step)',
		source: 'spec',
		request: {
			body: {
				type: 'object',
				properties: {
					company: text,
					position: text,
					seniority: { type: 'array', items: { type: ['integer', 'string'] } },
					department: { type: 'array', items: { type: ['integer', 'string'] } },
					locations: texts,
					company_size: texts,
					from: { type: 'integer', minimum: 0 },
					size: { type: 'integer' },
				},
			},
		},
		answers: {
			'200': {
				type: 'object',
				required: ['total', 'records'],
				properties: {
					total: { type: 'integer' },
					records: {
						type: 'array',
						items: {
							type: 'object',
							required: ['person_id'],
							properties: {
								person_id: text,
								name: text,
								position: text,
								company_name: nullableText,
								linkedin: text,
								state: text,
								has_email: flag,
								has_personal_email: flag,
								has_phone: flag,
							},
						},
					},
				},
			},
			...errors,
		},
		assumed: [
			'Path and fields: SPEC.md says search "supports combined filters, location filters and company-size filters" and shows no path; these are the package’s own connection contract.',
		],
	},
	{
		method: 'GET',
		path: '/account/usage',
		operation: 'Credit balance (credential test)',
		source: 'spec',
		request: { query: { type: 'object', properties: { detail: text } } },
		answers: {
			'200': {
				type: 'object',
				required: ['credits_remaining'],
				properties: {
					credits_remaining: { type: 'number' },
					credits_used: { type: 'number' },
					plan: text,
				},
			},
			...errors,
		},
		assumed: ['Neither document shows a usage endpoint: the connection contract’s own, free.'],
	},
	{
		method: 'GET',
		path: '/people',
		operation: 'GET /people',
		source: 'service',
		request: {
			query: oneOf(['ln_url', 'ln_slug', 'work_email', 'personal_email', 'id']),
		},
		answers: { '200': { anyOf: [person, noResult] }, ...errors },
	},
	{
		method: 'GET',
		path: '/company',
		operation: 'GET /company',
		source: 'service',
		request: { query: oneOf(['fqdn', 'ln_url', 'ln_slug', 'abn', 'website', 'id']) },
		answers: { '200': { anyOf: [company, noResult] }, ...errors },
	},
	{
		method: 'POST',
		path: '/people/search',
		operation: 'POST /people/search',
		source: 'service',
		request: {
			body: {
				type: 'object',
				properties: {
					selectedCountry: text,
					companyId: text,
					position: text,
					seniority: text,
					department: text,
					from: { type: ['integer', 'string'] },
					size: { type: ['integer', 'string'] },
				},
			},
		},
		answers: {
			'200': {
				type: 'array',
				items: {
					type: 'object',
					required: ['person_id'],
					properties: {
						person_id: text,
						position: text,
						company_name: nullableText,
						linkedin: text,
						has_email: flag,
						has_personal_email: flag,
						has_phone: flag,
						has_dnd_phone: flag,
						has_mobile: flag,
					},
				},
			},
			...errors,
		},
		assumed: [
			'The docs call the filters query parameters; public clients send a JSON body with string values (reference §2.1, S10 and S12).',
		],
	},
];

export const anzContract: ServiceContract = {
	service: 'anz',
	prefix: '/anz',
	documents: {
		spec: '../shared/SPEC.md section C: the connection contract the spec chose for the AU/NZ service.',
		service:
			'The service’s public API reference as ../shared/reference/services-beyond-seed.md §2 sums it up (its sources S10 to S12).',
	},
	endpoints,
};
