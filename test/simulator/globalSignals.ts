/**
 * Signals, lookalikes, filter catalogues and webhooks of the simulated global enrichment service
 * (its V3 API), as its reference and webhook guides describe them (facts listed in issue 34 of the
 * tracker, from the service's V3 reference; see also ../../../shared/reference/services-beyond-seed.md
 * §0 for the bounds):
 * - `POST /v3/{contacts,companies}/signals` `{ ids[1..100], signalTypes[1..], startDate?,
 *   maxResultsPerSignal 1..100 }`; the window defaults to 6 months; results are NOT in request order
 *   (answered here in reverse, so a client that pairs by position fails); per-id errors NOT_FOUND and
 *   COMPLIANCE_RESTRICTED inside the 200 answer; one credit per signal shown;
 * - `GET /v3/{contacts,companies}/signals/types`: the catalogue (free);
 * - `POST /v3/{contacts,companies}/signal-score` `{ contacts | companies: [{ clientReferenceId?,
 *   id | … }] (1..100) }` → `signalScore` from 0 to 1, `clientReferenceId` echoed; per-record
 *   NOT_FOUND and NO_SCORE; free here;
 * - `POST /v3/contacts/lookalike` with `seeds` grouped by kind (`emails`, `linkedinUrls`, `ids`,
 *   `contactIds`, `contacts[{firstName, lastName, companyDomain | companyName}]`), 5..100 seeds
 *   counted across the kinds, and `/v3/companies/lookalike` (`seeds: {domains, linkedinUrls}`);
 *   `limit` 1..100 (default 25), `exclude` (the same kinds as the seeds), `dedupeSessionId` for
 *   the next page (a session unused for 30 days expires), `tableId`; answers `{ dedupeSessionId,
 *   results, meta: { returned, hasMore } }`; one credit per result;
 * - `GET /v3/contacts/prospecting/filters/{departments,seniority,existingDataPoints,countries}` and
 *   `…/locations?query=`; company filters `sizes, revenues, sics, naics, intentTopics` and
 *   `names, technologies, locations` with `query` of 2..256 characters;
 * - `GET /v3/companies/signals/filters/{newsEventTypes,hiringByDepartments,intentCategories}` and
 *   `…/hiringByLocations?query=`: the company signal sub-filters (`intentCategories` takes no
 *   `query`: the document says one is answered 400);
 * Webhooks and their signed deliveries are in ./globalWebhooks.ts.
 * Requests and answers are checked against the service's contract (../contracts/global.ts): every
 * shape below is the published document's, not the node's.
 */
import { randomUUID } from 'node:crypto';

import { COMPANY_SIGNAL_TYPES, CONTACT_SIGNAL_TYPES } from '../contracts/global';
import type { SimRequest, SimResponse } from './server';
import { reply } from './server';

const DAY_MS = 86_400_000;
const SESSION_TTL_MS = 30 * DAY_MS;

export type Kind = 'contacts' | 'companies';
type Row = Record<string, unknown>;

/** The service's signal catalogue (the node reads it, never hard-codes it). */
export const SIGNAL_TYPES: Record<Kind, string[]> = {
	contacts: [...CONTACT_SIGNAL_TYPES],
	companies: [...COMPANY_SIGNAL_TYPES],
};

/** Filter values in the shapes the service's V2 document gives per filter type (V3 leaves them open). */
const CONTACT_FILTERS: Record<string, unknown[]> = {
	departments: ['Engineering', 'Marketing', 'Sales'],
	seniority: [
		{ id: 1, name: 'entry' },
		{ id: 4, name: 'manager' },
		{ id: 9, name: 'c-suite' },
	],
	existingDataPoints: ['work_email', 'mobile_phone', 'phone'],
	countries: [
		{ name: 'Australia', code: 'AU' },
		{ name: 'New Zealand', code: 'NZ' },
		{ name: 'United States', code: 'US' },
	],
};
const COMPANY_FILTERS: Record<string, unknown[]> = {
	sizes: [
		{ min: 1, max: 10 },
		{ min: 11, max: 50 },
		{ min: 51, max: 200 },
		{ min: 201, max: 1000 },
	],
	revenues: [
		{ min: 1, max: 1_000_000 },
		{ min: 1_000_001, max: 10_000_000 },
	],
	sics: [{ code: '7372', label: 'Prepackaged Software' }],
	naics: [{ code: '511210', label: 'Software Publishers' }],
	intentTopics: ['CRM Software', 'Data Enrichment'],
};
const SEARCHED = ['names', 'technologies', 'locations'];
/**
 * The company signal sub-filters (`getCompanySignalFilterValues`). Their V3 shapes are open; the
 * V2 signal options list news event types and hiring departments as plain strings, and the signals
 * request takes intent categories as strings (`["Technology", "Business"]`), so strings here.
 */
const SIGNAL_FILTERS: Record<string, unknown[]> = {
	newsEventTypes: ['Funding Round', 'New Customer', 'Product Launch'],
	hiringByDepartments: ['Engineering & Technical', 'Sales'],
	intentCategories: ['Business', 'Technology', 'Marketing'],
};
const LOCATIONS = ['Sydney, Australia', 'Melbourne, Australia', 'Auckland, New Zealand'];

/** What this module needs of the enrichment service it is part of. */
export interface SignalsHost {
	contactIds(): string[];
	companyIds(): string[];
	contactRecord(id: string): Row | undefined;
	companyRecord(id: string): Row | undefined;
	/** Ids of records never returned (COMPLIANCE_RESTRICTED). */
	isRestricted(kind: Kind, id: string): boolean;
	/** The id a score's input names (by id, e-mail, URL, name or domain), if any record matches. */
	resolve(kind: Kind, input: Row): string | undefined;
	/** What a score shows of its record: a contact's name and company, a company's name and domain. */
	scoreIdentity(kind: Kind, id: string): Row;
	/** Charges credits, or the 402 answer when the balance is short. */
	charge(credits: number): SimResponse | undefined;
	error(status: number, code: string, message: string): SimResponse;
	nextRequestId(): string;
}

export class GlobalSignals {
	/** Signals by entity id: type, date (YYYY-MM-DD) and details. */
	readonly signals = new Map<string, Array<{ type: string; date: string; details: Row }>>();
	/** Lookalike sessions: results already shown, and when last used. */
	private readonly sessions = new Map<string, { shown: Set<string>; usedAt: number }>();
	/** The clock the sessions expire by (tests move it). */
	now: () => number = () => Date.now();

	constructor(private readonly host: SignalsHost) {}

	route(request: SimRequest, path: string): SimResponse | undefined {
		const body = (request.body ?? {}) as Row;
		const { method } = request;
		let m: RegExpExecArray | null;
		if (method === 'GET' && (m = /^\/v3\/(contacts|companies)\/signals\/types$/.exec(path))) {
			return reply(200, { signalTypes: SIGNAL_TYPES[m[1] as Kind] });
		}
		if (method === 'POST' && (m = /^\/v3\/(contacts|companies)\/signals$/.exec(path))) {
			return this.getSignals(m[1] as Kind, body);
		}
		if (method === 'POST' && (m = /^\/v3\/(contacts|companies)\/signal-score$/.exec(path))) {
			return this.scores(m[1] as Kind, body);
		}
		if (method === 'POST' && (m = /^\/v3\/(contacts|companies)\/lookalike$/.exec(path))) {
			return this.lookalike(m[1] as Kind, body);
		}
		if (
			method === 'GET' &&
			(m = /^\/v3\/(contacts|companies)\/prospecting\/filters\/(\w+)$/.exec(path))
		) {
			return this.filter(m[1] as Kind, m[2], request.query.get('query'));
		}
		if (method === 'GET' && (m = /^\/v3\/companies\/signals\/filters\/(\w+)$/.exec(path))) {
			return this.signalFilter(m[1], request.query.get('query'));
		}
		return undefined;
	}

	private ids(body: Row, max = 100): string[] | SimResponse {
		const ids = body.ids;
		if (
			!Array.isArray(ids) ||
			ids.length < 1 ||
			ids.length > max ||
			ids.some((id) => typeof id !== 'string' || !id)
		) {
			return this.host.error(400, 'BAD_REQUEST', `ids must be an array of 1 to ${max} strings`);
		}
		return ids as string[];
	}

	exists(kind: Kind, id: string): boolean {
		return (kind === 'contacts' ? this.host.contactIds() : this.host.companyIds()).includes(id);
	}

	/**
	 * `{ results: [{ id, <type>: [...] }], startDate, endDate, billing }`: each wanted type's list
	 * under its name. The document has no per-id error here: an unknown or restricted id is left out
	 * (assumed). `maxResultsPerSignal` has no default: without it every signal in the window shows.
	 */
	private getSignals(kind: Kind, body: Row): SimResponse {
		const ids = this.ids(body);
		if (!Array.isArray(ids)) return ids;
		const types = body.signalTypes as string[];
		const max = (body.maxResultsPerSignal as number | undefined) ?? Infinity;
		const today = this.now();
		let from = today - 182 * DAY_MS;
		if (body.startDate !== undefined) {
			const start = Date.parse(`${String(body.startDate)}T00:00:00Z`);
			if (!Number.isFinite(start)) {
				return this.host.error(400, 'BAD_REQUEST', 'startDate must be a date (YYYY-MM-DD)');
			}
			if (start > today) return this.host.error(400, 'BAD_REQUEST', 'startDate is in the future');
			from = start;
		}
		const wanted = types.includes('allSignals')
			? SIGNAL_TYPES[kind].filter((type) => type !== 'allSignals')
			: types;
		const categories = ((body.filters as Row | undefined)?.include as Row | undefined)
			?.intentCategories as string[] | undefined;
		let shown = 0;
		const results: Row[] = [];
		for (const id of ids) {
			if (!this.exists(kind, id) || this.host.isRestricted(kind, id)) continue;
			const result: Row = { id };
			if (kind === 'contacts') for (const type of wanted) result[type] = [];
			for (const signal of this.signals.get(id) ?? []) {
				if (!wanted.includes(signal.type) || Date.parse(`${signal.date}T00:00:00Z`) < from)
					continue;
				// Intent categories refine linkedinActivityIntent only: an item is kept when one of its
				// topics (`intentTopics[].category`) is of a category asked for.
				if (
					categories &&
					signal.type === 'linkedinActivityIntent' &&
					!((signal.details.intentTopics ?? []) as Row[]).some((topic) =>
						categories.includes(String(topic.category)),
					)
				) {
					continue;
				}
				const list = ((result[signal.type] as Row[] | undefined) ??= []);
				if (list.length < max) list.push({ signalDate: signal.date, ...signal.details });
			}
			shown += Object.values(result).reduce<number>(
				(sum, list) => sum + (Array.isArray(list) ? list.length : 0),
				0,
			);
			results.push(result);
		}
		const refused = this.host.charge(shown);
		if (refused) return refused;
		return reply(200, {
			results: results.reverse(),
			startDate: new Date(from).toISOString().slice(0, 10),
			endDate: new Date(today).toISOString().slice(0, 10),
			billing: { creditsCharged: shown, resultsReturned: results.length },
		});
	}

	/**
	 * Scores records named by one identifier each (contacts: `id`, `linkedinUrl`, `email`, or
	 * `firstName` + `lastName` + `companyName | companyDomain`; companies: `id`, `domain`, `name`,
	 * `email`). A record that resolves to nothing is NOT_FOUND, one with no signal NO_SCORE. Free.
	 */
	private scores(kind: Kind, body: Row): SimResponse {
		const records = body[kind] as Row[];
		const results = records.map((input) => {
			const ref =
				input.clientReferenceId === undefined ? {} : { clientReferenceId: input.clientReferenceId };
			const id = this.host.resolve(kind, input);
			if (id === undefined) {
				return {
					...ref,
					error: {
						code: 'NOT_FOUND',
						message: kind === 'contacts' ? 'Contact not found' : 'Company not found',
					},
				};
			}
			const identity = this.host.scoreIdentity(kind, id);
			if (this.host.isRestricted(kind, id)) {
				return { ...ref, id, error: { code: 'COMPLIANCE_RESTRICTED', message: 'Restricted' } };
			}
			const types = [...new Set((this.signals.get(id) ?? []).map((signal) => signal.type))];
			if (types.length === 0) {
				return { ...ref, id, ...identity, error: { code: 'NO_SCORE', message: 'No score' } };
			}
			return {
				...ref,
				id,
				...identity,
				signalScore: Math.min(1, (this.signals.get(id)?.length ?? 0) * 0.25),
				signalTypes: types,
				noActiveSignals: false,
			};
		});
		return reply(200, {
			requestId: this.host.nextRequestId(),
			results: results.reverse(),
			billing: {
				creditsCharged: 0,
				resultsReturned: results.filter((r) => !('error' in r)).length,
			},
		});
	}

	private lookalike(kind: Kind, body: Row): SimResponse {
		const badSeeds = this.seedsRefusal(kind, body.seeds);
		if (badSeeds) return this.host.error(400, 'BAD_REQUEST', badSeeds);
		const limit = body.limit ?? 25;
		if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 100) {
			return this.host.error(400, 'BAD_REQUEST', 'limit must be from 1 to 100');
		}
		const badExclude =
			body.exclude === undefined ? undefined : this.seedsRefusal(kind, body.exclude, 'exclude');
		if (badExclude) return this.host.error(400, 'BAD_REQUEST', badExclude);
		const excluded = this.excluded(kind, (body.exclude ?? {}) as Row);
		const now = this.now();
		let sessionId = body.dedupeSessionId as string | undefined;
		let session = sessionId === undefined ? undefined : this.sessions.get(sessionId);
		if (sessionId !== undefined) {
			if (!session || now - session.usedAt > SESSION_TTL_MS) {
				// The service's V3 reference: an unknown or expired session is 410 DEDUPE_SESSION_INVALID.
				return reply(410, {
					code: 'DEDUPE_SESSION_INVALID',
					message: 'dedupeSessionId is unknown or expired',
				});
			}
		} else {
			sessionId = randomUUID();
			session = { shown: new Set(), usedAt: now };
			this.sessions.set(sessionId, session);
		}
		session!.usedAt = now;
		const pool = (kind === 'contacts' ? this.host.contactIds() : this.host.companyIds()).filter(
			(id) => !excluded.has(id) && !session!.shown.has(id) && !this.host.isRestricted(kind, id),
		);
		const page = pool.slice(0, limit as number);
		const refused = this.host.charge(page.length);
		if (refused) return refused;
		for (const id of page) session!.shown.add(id);
		const record = (id: string) =>
			kind === 'contacts' ? this.host.contactRecord(id) : this.host.companyRecord(id);
		return reply(200, {
			dedupeSessionId: sessionId,
			results: page.map(record),
			meta: { returned: page.length, hasMore: pool.length > page.length },
			billing: { creditsCharged: page.length },
		});
	}

	/**
	 * The records an `exclude` names: contacts by `ids` and `emails`, companies by `domains` (the
	 * other kinds are checked, not matched: the simulated records lack them).
	 */
	private excluded(kind: Kind, exclude: Row): Set<string> {
		if (kind === 'contacts') {
			const emails = ((exclude.emails ?? []) as string[]).map((e) => e.toLowerCase());
			const byEmail = this.host.contactIds().filter((id) => {
				const listed = (this.host.contactRecord(id)?.emails ?? []) as Array<{ email: string }>;
				return listed.some((entry) => emails.includes(entry.email.toLowerCase()));
			});
			return new Set([...((exclude.ids ?? []) as string[]), ...byEmail]);
		}
		const domains = (exclude.domains ?? []) as string[];
		return new Set(
			this.host
				.companyIds()
				.filter((id) => domains.includes(String(this.host.companyRecord(id)?.domain))),
		);
	}

	/**
	 * Why `seeds` (or `exclude`, the same shape with no bounds on its count) is refused, if it is:
	 * an object of lists by kind (a list of seed objects is not one; kinds the endpoint does not
	 * define were refused before), 5 to 100 seeds in all.
	 */
	private seedsRefusal(kind: Kind, seeds: unknown, name = 'seeds'): string | undefined {
		if (!seeds || typeof seeds !== 'object' || Array.isArray(seeds)) {
			return `${name} must be an object of seed lists by kind`;
		}
		const nonEmpty = (v: unknown) => typeof v === 'string' && v.length > 0;
		const valid: Record<string, (seed: unknown) => boolean> =
			kind === 'contacts'
				? {
						emails: nonEmpty,
						linkedinUrls: nonEmpty,
						ids: nonEmpty,
						contactIds: (v) => Number.isInteger(v),
						contacts: (v) => {
							const c = (v ?? {}) as Row;
							return (
								nonEmpty(c.firstName) &&
								nonEmpty(c.lastName) &&
								(nonEmpty(c.companyDomain) || nonEmpty(c.companyName))
							);
						},
					}
				: { domains: nonEmpty, linkedinUrls: nonEmpty };
		let total = 0;
		for (const [list, entries] of Object.entries(seeds as Row)) {
			if (!valid[list]) return `${name}.${list} is not a seed kind`;
			if (!Array.isArray(entries)) return `${name}.${list} must be an array`;
			const bad = entries.findIndex((seed) => !valid[list](seed));
			if (bad >= 0) return `${name}.${list}[${bad}] is not a valid seed`;
			total += entries.length;
		}
		if (name === 'seeds' && (total < 5 || total > 100)) {
			return `seeds must hold 5 to 100 seeds in all, not ${total}`;
		}
		return undefined;
	}

	/** A company signal sub-filter's values; `intentCategories` refuses a `query` (its document). */
	private signalFilter(name: string, query: string | null): SimResponse | undefined {
		const fixed = SIGNAL_FILTERS[name];
		if (fixed) {
			if (query !== null && name === 'intentCategories') {
				return this.host.error(400, 'BAD_REQUEST', 'query is not supported for intentCategories');
			}
			return reply(200, { values: fixed });
		}
		if (name !== 'hiringByLocations') return undefined;
		if (!query || query.length < 2 || query.length > 256) {
			return this.host.error(400, 'BAD_REQUEST', 'query must be 2 to 256 characters');
		}
		const found = LOCATIONS.filter((w) => w.toLowerCase().includes(query.toLowerCase()));
		return reply(200, { values: found.map((word) => ({ country: word.split(', ')[1] })) });
	}

	private filter(kind: Kind, name: string, query: string | null): SimResponse | undefined {
		const fixed = (kind === 'contacts' ? CONTACT_FILTERS : COMPANY_FILTERS)[name];
		if (fixed) return reply(200, { values: fixed });
		const searched = kind === 'contacts' ? name === 'locations' : SEARCHED.includes(name);
		// Other catalogues (the industries) are the enrichment service's own.
		if (!searched) return undefined;
		if (!query || query.length < 2 || query.length > 256) {
			return this.host.error(400, 'BAD_REQUEST', 'query must be 2 to 256 characters');
		}
		const words = name === 'locations' ? LOCATIONS : ['Acme', 'Acme Labs', 'Globex', 'Initech'];
		const found = words.filter((w) => w.toLowerCase().includes(query.toLowerCase()));
		const shape = (word: string) =>
			name === 'locations'
				? { city: word.split(', ')[0], country: word.split(', ')[1] }
				: name === 'names'
					? {
							companyId: 1000 + words.indexOf(word),
							name: word,
							fqdn: `${word.toLowerCase().replace(/ /g, '')}.example.com`,
						}
					: { name: word };
		return reply(200, { values: found.map(shape) });
	}
}
