/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a local test server, never shipped */
/**
 * Simulated marketing-automation service (the REST API described in
 * ../../../shared/reference/marketing-service.md): identity endpoint with a configurable token
 * lifetime, the `{requestId, success, result, errors, warnings, nextPageToken, moreResult}`
 * envelope on HTTP 200, paging by token / moreResult / offset, batch maxima, per-record statuses,
 * the rate window (100 calls per window, window length configurable), 10 concurrent calls (615),
 * daily quota (607), injectable faults, and counters for tests and benchmarks.
 */
import { randomUUID } from 'node:crypto';

import { marketingContract } from '../contracts/marketing';
import { MarketingAssets } from './marketingAssets';
import { MarketingPrograms } from './marketingPrograms';
import { LeadDatabaseObjects } from './marketingObjects';
import { MarketingBulk, type BulkOptions } from './marketingBulk';
import type { SimRequest, SimResponse, SimulatorModule } from './server';
import { reply } from './server';

type Row = Record<string, unknown>;

export interface MarketingOptions {
	clientId?: string;
	clientSecret?: string;
	/** Lifetime of a new token (seconds, fractions allowed for fast tests). */
	tokenLifetimeSeconds?: number;
	windowMs?: number;
	maxCallsPerWindow?: number;
	maxConcurrent?: number;
	dailyQuota?: number;
	/**
	 * Time from a call's arrival to its answer (ms), which holds its slot. The simulator's own work on
	 * the request (reading it, checking it against the contract) falls within it, as a real
	 * service's does.
	 */
	latencyMs?: number;
	/** Start with the demo data (default true). */
	demoData?: boolean;
	/**
	 * When the demo's activities start (epoch ms); by default 26 days before today (UTC), so a
	 * demo that reads recent activity (the bulk demo's last 90 days) finds some on any day.
	 */
	activitiesFrom?: number;
	bulk?: BulkOptions;
}

const DAY_MS = 86_400_000;

/** The demo's first activity for a simulator started at `now`: 26 days before that day (UTC). */
export function demoActivitiesFrom(now: number): number {
	return Math.floor(now / DAY_MS) * DAY_MS - 26 * DAY_MS;
}

export interface MarketingCall {
	method: string;
	path: string;
	query: Record<string, string>;
	authorization?: string;
	contentType?: string;
	body: unknown;
	/** The body's bytes as sent (form bodies are checked byte for byte). */
	rawBody: string;
	/** The service's error code when `success: false`, or `http<status>`. */
	code?: string;
	/** Records in the answer's `result`. */
	resultCount?: number;
	status: number;
	at: number;
	/** Which bench process sent it (its `x-bench-process` header; see bench/tag-requests.cjs). */
	from?: string | string[];
}

export interface IdentityCall {
	method: string;
	query: Record<string, string>;
	contentType?: string;
	body: unknown;
	status: number;
}

interface Fault {
	code: string;
	times: number;
	path?: string | RegExp;
	method?: string;
	/** For `timeout`: execute the call, then hold the answer this long. */
	holdMs?: number;
	/** Only calls whose request passes this test (e.g. a body holding a given lead). */
	match?: (request: SimRequest) => boolean;
	/** The error message of a service-code fault (default `Injected fault <code>`). */
	message?: string;
}

interface Token {
	value: string;
	clientId: string;
	expiresAt: number;
}

export const DEMO_CLIENT = { clientId: 'demo-client-id', clientSecret: 'demo-client-secret' };

/** A token of the demo client from a running simulator, for tests that call the service directly. */
export async function demoToken(simulatorUrl: string): Promise<string> {
	const answer = await fetch(
		`${simulatorUrl}/identity/oauth/token?grant_type=client_credentials&client_id=${DEMO_CLIENT.clientId}&client_secret=${DEMO_CLIENT.clientSecret}`,
	);
	return String(((await answer.json()) as { access_token: string }).access_token);
}

/** A JSON call to a running simulator with a token (see `demoToken`), answering the body's JSON. */
export function jsonCaller(simulatorUrl: string, token: () => string) {
	return async (method: string, path: string, body?: unknown) => {
		const answer = await fetch(`${simulatorUrl}${path}`, {
			method,
			headers: {
				authorization: `Bearer ${token()}`,
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return (await answer.json()) as Record<string, unknown>;
	};
}

const NO_ASSETS = 'No assets found for the given search criteria.';
const LEAD_FIELDS: Row[] = [
	{ name: 'id', displayName: 'Id', dataType: 'integer', updateable: false },
	{ name: 'email', displayName: 'Email Address', dataType: 'email', length: 255, updateable: true },
	{
		name: 'firstName',
		displayName: 'First Name',
		dataType: 'string',
		length: 255,
		updateable: true,
	},
	{ name: 'lastName', displayName: 'Last Name', dataType: 'string', length: 255, updateable: true },
	{
		name: 'company',
		displayName: 'Company Name',
		dataType: 'string',
		length: 255,
		updateable: true,
	},
	{ name: 'title', displayName: 'Job Title', dataType: 'string', length: 255, updateable: true },
	{ name: 'phone', displayName: 'Phone Number', dataType: 'phone', length: 255, updateable: true },
	{ name: 'country', displayName: 'Country', dataType: 'string', length: 255, updateable: true },
	{ name: 'leadScore', displayName: 'Lead Score', dataType: 'integer', updateable: true },
	{ name: 'emailInvalid', displayName: 'Email Invalid', dataType: 'boolean', updateable: true },
	{
		name: 'emailInvalidCause',
		displayName: 'Email Invalid Cause',
		dataType: 'string',
		length: 255,
		updateable: true,
	},
	{ name: 'leadNotes', displayName: 'Lead Notes', dataType: 'text', updateable: true },
	{
		name: 'externalId',
		displayName: 'External Id',
		dataType: 'string',
		length: 255,
		updateable: true,
	},
	{
		name: 'leadPartitionId',
		displayName: 'Lead Partition Id',
		dataType: 'integer',
		updateable: false,
	},
	{ name: 'createdAt', displayName: 'Created At', dataType: 'datetime', updateable: false },
	{ name: 'updatedAt', displayName: 'Updated At', dataType: 'datetime', updateable: false },
];
const SEARCHABLE = [['email'], ['id'], ['externalId'], ['cookies'], ['email', 'leadPartitionId']];
const DEFAULT_FIELDS = ['id', 'email', 'updatedAt', 'createdAt', 'firstName', 'lastName'];
const ACTIVITY_TYPES: Row[] = [
	{ id: 1, name: 'Visit Webpage', primaryAttribute: { name: 'Webpage ID', dataType: 'integer' } },
	{ id: 2, name: 'Fill Out Form', primaryAttribute: { name: 'Webform ID', dataType: 'integer' } },
	{ id: 6, name: 'Send Email', primaryAttribute: { name: 'Mailing ID', dataType: 'integer' } },
	{ id: 7, name: 'Email Delivered', primaryAttribute: { name: 'Mailing ID', dataType: 'integer' } },
	{ id: 8, name: 'Email Bounced', primaryAttribute: { name: 'Mailing ID', dataType: 'integer' } },
	{ id: 10, name: 'Open Email', primaryAttribute: { name: 'Mailing ID', dataType: 'integer' } },
	{ id: 11, name: 'Click Email', primaryAttribute: { name: 'Mailing ID', dataType: 'integer' } },
	{
		id: 9,
		name: 'Unsubscribe Email',
		primaryAttribute: { name: 'Mailing ID', dataType: 'integer' },
	},
	{ id: 12, name: 'New Lead' },
	{
		id: 13,
		name: 'Change Data Value',
		primaryAttribute: { name: 'Attribute Name', dataType: 'string' },
	},
	{ id: 24, name: 'Add to List', primaryAttribute: { name: 'List ID', dataType: 'integer' } },
	{ id: 25, name: 'Remove from List', primaryAttribute: { name: 'List ID', dataType: 'integer' } },
	{
		id: 27,
		name: 'Email Bounced Soft',
		primaryAttribute: { name: 'Mailing ID', dataType: 'integer' },
	},
	{ id: 37, name: 'Delete Lead' },
	{
		id: 104,
		name: 'Change Status in Progression',
		primaryAttribute: { name: 'Program ID', dataType: 'integer' },
	},
];
/** Activities scanned per `activities.json` call: narrow filters give short or empty pages. */
const ACTIVITY_BLOCK = 300;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const encodeToken = (data: Row) => Buffer.from(JSON.stringify(data)).toString('base64url');
const decodeToken = (token: string): Row | undefined => {
	try {
		return JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Row;
	} catch {
		return undefined;
	}
};
const csv = (value: unknown) =>
	String(value ?? '')
		.split(',')
		.map((v) => v.trim())
		.filter(Boolean);

/**
 * Whether Request Campaign accepts the campaign: an active trigger campaign whose smart list has
 * the "Campaign is Requested" (web service API) trigger (`isRequestable`, kept internally as the
 * service's Asset API reports it). Also what `campaigns.json?isTriggerable=true` lists.
 */
const isRequestable = (campaign: Row) =>
	campaign.type === 'trigger' && campaign.active === true && campaign.isRequestable === true;

/**
 * A lead field as the field schema lists it (fields.md, `LeadField`): its flags, not the
 * describe's `updateable`.
 */
function leadFieldSchema(field: Row): Row {
	const { name, displayName, description, dataType, length } = field;
	return {
		displayName,
		name,
		description: description ?? null,
		dataType,
		...(length !== undefined ? { length } : {}),
		isHidden: field.isHidden === true,
		isHtmlEncodingInEmail: field.isHtmlEncodingInEmail !== false,
		isSensitive: field.isSensitive === true,
		isCustom: field.isCustom === true,
		isApiCreated: field.isApiCreated === true,
	};
}

/** A campaign as `/rest/v1/campaigns…` show it: `type` and `active`, but no `isRequestable`. */
const publicCampaign = (campaign: Row): Row => {
	const copy = { ...campaign };
	delete copy.isRequestable;
	return copy;
};

export class MarketingService implements SimulatorModule {
	readonly name = 'marketing';
	readonly contract = marketingContract;
	clientId: string;
	clientSecret: string;
	tokenLifetimeSeconds: number;
	windowMs: number;
	maxCallsPerWindow: number;
	maxConcurrent: number;
	dailyQuota: number;
	latencyMs: number;
	/** How long the identity endpoint takes to answer (a far instance, a busy network). */
	identityLatencyMs = 0;

	readonly calls: MarketingCall[] = [];
	readonly identityCalls: IdentityCall[] = [];
	readonly counters = {
		calls: 0,
		executed: 0,
		identityCalls: 0,
		tokensIssued: 0,
		rejected: {} as Record<string, number>,
		maxConcurrentSeen: 0,
		maxInWindowSeen: 0,
		/** Most calls that arrived in one window, rejected ones included (what the service sees). */
		maxArrivalsInWindowSeen: 0,
		/** Upserts that arrived while another upsert holding one of their lookup values was in flight. */
		overlappingUpserts: 0,
	};
	/** Lookup values (`field\u0000value`) of the upserts in flight, with how many hold each. */
	private upsertKeysInFlight = new Map<string, number>();

	readonly leads = new Map<number, Row>();
	/** Leads by lower-case e-mail, so look-ups and upserts by e-mail cost no scan of every lead. */
	private leadsByEmail = new Map<string, Row[]>();
	readonly fields: Row[] = LEAD_FIELDS.map((f) => ({ ...f }));
	readonly lists = new Map<number, Row & { members: Set<number> }>();
	readonly campaigns = new Map<number, Row>();
	readonly programs: Row[] = [];
	readonly memberships = new Map<number, Row[]>();
	readonly emails = new Map<number, Row & { approved?: Row[]; draft?: Row[] }>();
	readonly activities: Row[] = [];
	readonly triggered: Array<{ campaignId: number; leads: number[]; tokens: unknown }> = [];
	/**
	 * How many times each lead was requested into each campaign (`campaignId` → lead → count). A
	 * request is not safe to repeat: a count above 1 is a lead that ran through the flow twice.
	 */
	readonly triggersByLead = new Map<number, Map<number, number>>();
	readonly scheduled: Array<{ campaignId: number; input: unknown }> = [];
	/** Companies, opportunities, custom objects, program members (./marketingObjects.ts). */
	readonly objects = new LeadDatabaseObjects(this);
	/** Lead delete / merge / describe, static lists, campaign switches, usage (./marketingAssets.ts). */
	readonly assets = new MarketingAssets(this);
	/** Programs, tokens, email samples and drafts, campaign clones, forms (./marketingPrograms.ts). */
	readonly programOps = new MarketingPrograms(this);
	/**
	 * When schedules asked for `cloneToProgramName`: the service allows 20 a day, counted here over
	 * the last 24 hours so that a test's answer never depends on the hour it runs.
	 */
	private cloneTimes: number[] = [];
	readonly bulk: MarketingBulk;

	private tokens: Token[] = [];
	private arrivals: number[] = [];
	/** Arrival times of every API call in the window, rejected ones included. */
	private allArrivals: number[] = [];
	private inFlight = 0;

	/** Calls being executed now (a held 'timeout' answer counts until it is sent). */
	get callsInFlight(): number {
		return this.inFlight;
	}
	private faults: Fault[] = [];
	private expireAfterCalls?: number;
	private nextLeadId = 1;
	private nextActivityId = 1;

	constructor(options: MarketingOptions = {}) {
		this.clientId = options.clientId ?? DEMO_CLIENT.clientId;
		this.clientSecret = options.clientSecret ?? DEMO_CLIENT.clientSecret;
		this.tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
		this.windowMs = options.windowMs ?? 20_000;
		this.maxCallsPerWindow = options.maxCallsPerWindow ?? 100;
		this.maxConcurrent = options.maxConcurrent ?? 10;
		this.dailyQuota = options.dailyQuota ?? 50_000;
		this.latencyMs = options.latencyMs ?? 0;
		if (options.demoData !== false) {
			this.seedDemo(options.activitiesFrom ?? demoActivitiesFrom(Date.now()));
		}
		this.bulk = new MarketingBulk(this, options.bulk);
	}

	/**
	 * A request its contract does not allow: the service's HTTP 200 with `success: false` and the
	 * code error-codes.md gives the first problem: 612 a body of another content type, 701 a
	 * required value left blank, 1003 a value out of range, 1001 any other invalid value.
	 */
	refuse(problems: string[]): SimResponse {
		const [first] = problems;
		const blank =
			/^(?:.*\.)?([^.\s]+) is required and missing$|^the body is required and missing$/.exec(first);
		if (first.startsWith('content type'))
			return this.failure('612', `Invalid Content Type: ${first}`);
		if (blank) return this.failure('701', `${blank[1] ?? 'input'} cannot be blank`);
		if (
			/ (above the maximum|below the minimum|more than|fewer than|longer than|shorter than) /.test(
				first,
			)
		)
			return this.failure('1003', problems.join('; '));
		return this.failure('1001', `Invalid value: ${problems.join('; ')}`);
	}

	handles(path: string): boolean {
		return path.startsWith('/rest/') || path.startsWith('/identity/') || path.startsWith('/bulk/');
	}

	snapshot() {
		return {
			counters: this.counters,
			leads: this.leads.size,
			lists: [...this.lists.values()].map((l) => ({
				id: l.id,
				name: l.name,
				members: l.members.size,
			})),
			triggered: this.triggered.length,
		};
	}

	// ---- test controls -------------------------------------------------------------------------

	/**
	 * The next `times` calls matching path/method answer `code`: a service code ('606', '607', ...)
	 * or 'http502' (not executed); 'timeout' (executed, answer held `holdMs`); 'truncated' (executed,
	 * the JSON answer cut in half), 'garbage' (executed, an HTML page with status 200) and
	 * 'http502-after' (executed, then 502): the ambiguous failures.
	 */
	inject(
		code: string,
		options: {
			times?: number;
			path?: string | RegExp;
			method?: string;
			holdMs?: number;
			match?: (request: SimRequest) => boolean;
			message?: string;
		} = {},
	) {
		this.faults.push({ code, times: options.times ?? 1, ...options });
	}

	/** Every token issued so far expires now (the next call with one answers 602). */
	expireTokens() {
		for (const token of this.tokens) token.expiresAt = Math.min(token.expiresAt, Date.now() - 1);
	}

	/** Tokens expire once `n` more API calls have been answered. */
	expireTokensAfter(n: number) {
		this.expireAfterCalls = this.counters.executed + n;
	}

	rejections(): number {
		return Object.values(this.counters.rejected).reduce((a, b) => a + b, 0);
	}

	/** Forget recorded calls, counters, the rate window, pending faults and scheduled expiries. */
	resetCounters() {
		this.faults = [];
		this.arrivals = [];
		this.allArrivals = [];
		this.expireAfterCalls = undefined;
		this.calls.length = 0;
		this.identityCalls.length = 0;
		Object.assign(this.counters, {
			calls: 0,
			executed: 0,
			identityCalls: 0,
			tokensIssued: 0,
			rejected: {},
			maxConcurrentSeen: 0,
			maxInWindowSeen: 0,
			maxArrivalsInWindowSeen: 0,
			overlappingUpserts: 0,
		});
	}

	/** The API calls (not identity) of a method and path (string = exact, RegExp = test). */
	callsTo(method: string, path: string | RegExp): MarketingCall[] {
		return this.calls.filter(
			(c) =>
				c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)),
		);
	}

	addLead(fields: Row): Row {
		const id = this.nextLeadId++;
		const now = new Date(Date.UTC(2026, 9, 1) + id * 60_000).toISOString().replace('.000Z', 'Z');
		const lead = { id, createdAt: now, updatedAt: now, ...fields };
		this.leads.set(id, lead);
		this.indexEmail(lead);
		return lead;
	}

	private indexEmail(lead: Row) {
		if (lead.email === undefined || lead.email === null) return;
		const key = String(lead.email).toLowerCase();
		const same = this.leadsByEmail.get(key);
		if (same) same.push(lead);
		else this.leadsByEmail.set(key, [lead]);
	}

	unindexEmail(lead: Row) {
		if (lead.email === undefined || lead.email === null) return;
		const key = String(lead.email).toLowerCase();
		const rest = (this.leadsByEmail.get(key) ?? []).filter((l) => l !== lead);
		if (rest.length > 0) this.leadsByEmail.set(key, rest);
		else this.leadsByEmail.delete(key);
	}

	addCampaigns(n: number, template: Row = {}) {
		const start = 9000 + this.campaigns.size;
		for (let i = 0; i < n; i++) {
			const id = start + i;
			this.campaigns.set(id, {
				id,
				name: `Generated campaign ${i + 1}`,
				description: '',
				type: 'trigger',
				programId: 3002,
				programName: 'Onboarding',
				workspaceName: 'Default',
				active: true,
				isRequestable: true,
				createdAt: '2026-10-01T00:00:00Z',
				updatedAt: '2026-10-01T00:00:00Z',
				...template,
			});
		}
	}

	addActivity(activity: Row): Row {
		const id = this.nextActivityId++;
		const row: Row = { id, marketoGUID: String(id), campaignId: null, attributes: [], ...activity };
		// The log stays ordered by date: append (the usual case), or insert at the first later one.
		const date = String(row.activityDate);
		let at = this.activities.length;
		while (at > 0 && String(this.activities[at - 1].activityDate) > date) at--;
		this.activities.splice(at, 0, row);
		return row;
	}

	/**
	 * `POST /__sim/marketing/activity` with `{ leadId, activityTypeId, ... }`: an activity happens
	 * now (for the trigger demo: `{"leadId": 3, "activityTypeId": 8}` is a bounce).
	 */
	control(action: string, body: unknown): SimResponse {
		const given = (body ?? {}) as Row;
		if (action !== 'activity' || !Number(given.leadId) || !Number(given.activityTypeId)) {
			return {
				status: 400,
				body: { message: 'POST /__sim/marketing/activity needs leadId and activityTypeId' },
			};
		}
		this.logActivity(Number(given.leadId), Number(given.activityTypeId), given);
		return { status: 200, body: this.activities[this.activities.length - 1] };
	}

	/**
	 * `GET /__sim/marketing/triggers`: per campaign, the calls that ran, how many times each lead was
	 * requested (`leads`: id → count) and the leads requested more than once (`repeated`).
	 */
	read(view: string): SimResponse {
		if (view !== 'triggers') {
			return { status: 404, body: { message: 'GET /__sim/marketing/ offers: triggers' } };
		}
		const campaigns: Row = {};
		for (const [campaignId, counts] of this.triggersByLead) {
			campaigns[campaignId] = {
				calls: this.triggered.filter((t) => t.campaignId === campaignId).length,
				leads: Object.fromEntries(counts),
				repeated: [...counts].filter(([, count]) => count > 1).map(([id]) => id),
			};
		}
		return { status: 200, body: { campaigns } };
	}

	/** A form fill: the lead upserted by e-mail as the service's sync does, and the fill logged. */
	fillOutForm(formId: number, fields: Row): Row {
		const [outcome] = (this.syncLeads({ input: [fields] }).body as Row).result as Row[];
		if (outcome.id !== undefined) {
			this.logActivity(Number(outcome.id), 2, { primaryAttributeValueId: formId });
		}
		return outcome;
	}

	/** What the service logs when the API changes something: dated now, like the real log. */
	private logActivity(leadId: number, activityTypeId: number, details: Row = {}): void {
		this.addActivity({
			leadId,
			activityDate: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
			activityTypeId,
			...details,
		});
	}

	private logLeadChanges(existing: Row, record: Row): void {
		for (const [name, newValue] of Object.entries(record)) {
			const oldValue = existing[name];
			if (name === 'updatedAt' || String(oldValue ?? '') === String(newValue ?? '')) continue;
			const index = this.fields.findIndex((field) => field.name === name);
			const displayName = String(this.fields[index]?.displayName ?? name);
			this.logActivity(Number(existing.id), 13, {
				primaryAttributeValueId: index + 1,
				primaryAttributeValue: displayName,
				attributes: [
					{ name: 'New Value', value: newValue ?? null },
					{ name: 'Old Value', value: oldValue ?? null },
					{ name: 'Reason', value: 'Web service API' },
				],
				fields: [{ id: index + 1, name, newValue: newValue ?? null, oldValue: oldValue ?? null }],
			});
		}
	}

	// ---- HTTP ----------------------------------------------------------------------------------

	async handle(request: SimRequest): Promise<SimResponse> {
		if (request.path === '/identity/oauth/token') return this.identity(request);
		this.counters.calls++;
		const query = Object.fromEntries(request.query);
		const record: MarketingCall = {
			method: request.method,
			path: request.path,
			query,
			authorization: request.headers.authorization,
			contentType: request.headers['content-type'],
			body: request.body,
			rawBody: request.rawBody,
			status: 200,
			at: Date.now(),
			from: request.headers['x-bench-process'],
		};
		this.calls.push(record);
		const answer = await this.admit(request, record);
		record.status = answer.status;
		const body = answer.body as Row | undefined;
		if (answer.status !== 200) record.code = `http${answer.status}`;
		else if (body?.success === false) record.code = String((body.errors as Row[])?.[0]?.code);
		if (Array.isArray(body?.result)) record.resultCount = body.result.length;
		return answer;
	}

	private identity(request: SimRequest): SimResponse {
		this.counters.identityCalls++;
		const query = Object.fromEntries(request.query);
		const form = (typeof request.body === 'object' && request.body ? request.body : {}) as Row;
		const given = { ...query, ...form };
		const call: IdentityCall = {
			method: request.method,
			query,
			contentType: request.headers['content-type'],
			body: request.body,
			status: 200,
		};
		this.identityCalls.push(call);
		if (
			given.grant_type !== 'client_credentials' ||
			given.client_id !== this.clientId ||
			given.client_secret !== this.clientSecret
		) {
			call.status = 401;
			return reply(401, { error: 'invalid_client', error_description: 'Bad client credentials' });
		}
		const now = Date.now();
		let token = this.tokens.find((t) => t.clientId === this.clientId && t.expiresAt > now);
		if (!token) {
			token = {
				value: `${randomUUID()}:ab`,
				clientId: this.clientId,
				expiresAt: now + this.tokenLifetimeSeconds * 1000,
			};
			this.tokens.push(token);
			this.counters.tokensIssued++;
		}
		return {
			...reply(200, {
				access_token: token.value,
				token_type: 'bearer',
				expires_in: Math.max(0, Math.floor((token.expiresAt - now) / 1000)),
				scope: 'api-user@example.com',
			}),
			delayMs: this.identityLatencyMs,
		};
	}

	private failure(code: string, message: string): SimResponse {
		return reply(200, { requestId: this.requestId(), success: false, errors: [{ code, message }] });
	}

	private reject(code: string, message: string): SimResponse {
		this.counters.rejected[code] = (this.counters.rejected[code] ?? 0) + 1;
		return this.failure(code, message);
	}

	private requestId() {
		return `${Math.floor(Math.random() * 0xffff).toString(16)}#${Date.now().toString(16)}`;
	}

	private takeFault(request: SimRequest): Fault | undefined {
		const index = this.faults.findIndex(
			(f) =>
				(!f.method || f.method === request.method) &&
				(!f.match || f.match(request)) &&
				(!f.path ||
					(typeof f.path === 'string' ? f.path === request.path : f.path.test(request.path))),
		);
		if (index < 0) return undefined;
		const fault = this.faults[index];
		fault.times--;
		if (fault.times <= 0) this.faults.splice(index, 1);
		return fault;
	}

	private async admit(request: SimRequest, record: MarketingCall): Promise<SimResponse> {
		const now = Date.now();
		this.allArrivals = this.allArrivals.filter((t) => t > now - this.windowMs);
		this.allArrivals.push(now);
		this.counters.maxArrivalsInWindowSeen = Math.max(
			this.counters.maxArrivalsInWindowSeen,
			this.allArrivals.length,
		);
		if (this.inFlight >= this.maxConcurrent) {
			return this.reject('615', `Concurrent access limit reached`);
		}
		const auth = String(request.headers.authorization ?? '');
		const bearer = /^Bearer (.+)$/.exec(auth)?.[1];
		if (request.query.has('access_token')) {
			return this.reject(
				'601',
				'Access token invalid (the access_token parameter is no longer accepted)',
			);
		}
		const token = this.tokens.find((t) => t.value === bearer);
		if (!token) return this.reject('601', 'Access token invalid');
		if (this.expireAfterCalls !== undefined && this.counters.executed >= this.expireAfterCalls) {
			this.expireAfterCalls = undefined;
			this.expireTokens();
		}
		if (token.expiresAt <= Date.now()) return this.reject('602', 'Access token expired');
		const fault = this.takeFault(request);
		const afterExecuting = new Set(['timeout', 'truncated', 'garbage', 'http502-after']);
		if (fault && !afterExecuting.has(fault.code)) {
			if (fault.code.startsWith('http')) {
				const status = Number(fault.code.slice(4));
				this.counters.rejected[fault.code] = (this.counters.rejected[fault.code] ?? 0) + 1;
				return { status, body: { message: 'Bad Gateway' }, fault: true };
			}
			if (fault.code === '606') {
				return this.reject(
					'606',
					`Max rate limit '${this.maxCallsPerWindow}' exceeded with in '${this.windowMs / 1000}' secs`,
				);
			}
			if (fault.code === '607') return this.reject('607', 'Daily quota reached');
			return this.reject(fault.code, fault.message ?? `Injected fault ${fault.code}`);
		}
		if (this.counters.executed >= this.dailyQuota) return this.reject('607', 'Daily quota reached');
		this.arrivals = this.arrivals.filter((t) => t > now - this.windowMs);
		if (this.arrivals.length >= this.maxCallsPerWindow) {
			return this.reject(
				'606',
				`Max rate limit '${this.maxCallsPerWindow}' exceeded with in '${this.windowMs / 1000}' secs`,
			);
		}
		this.arrivals.push(now);
		this.counters.maxInWindowSeen = Math.max(this.counters.maxInWindowSeen, this.arrivals.length);
		this.inFlight++;
		this.counters.maxConcurrentSeen = Math.max(this.counters.maxConcurrentSeen, this.inFlight);
		const upsertKeys = this.upsertKeys(request);
		for (const key of upsertKeys) {
			if ((this.upsertKeysInFlight.get(key) ?? 0) > 0) {
				this.counters.overlappingUpserts++;
				break;
			}
		}
		for (const key of upsertKeys) {
			this.upsertKeysInFlight.set(key, (this.upsertKeysInFlight.get(key) ?? 0) + 1);
		}
		try {
			const waited = Date.now() - (request.receivedAt ?? Date.now());
			if (this.latencyMs > 0) await wait(Math.max(0, this.latencyMs - waited));
			const urlLength =
				request.path.length +
				request.query.toString().length +
				1 +
				'https://127.0.0.1:65535'.length;
			if (urlLength > 8192) return { status: 414, body: { message: 'URI Too Long' } };
			this.counters.executed++;
			const answer = this.route(request);
			if (fault?.code === 'timeout') await wait(fault.holdMs ?? 2000);
			if (fault?.code === 'truncated') {
				const text = JSON.stringify(answer.body);
				return { ...answer, rawBody: text.slice(0, Math.floor(text.length / 2)) };
			}
			if (fault?.code === 'garbage') {
				return { status: 200, rawBody: '<html><body>Gateway maintenance</body></html>' };
			}
			if (fault?.code === 'http502-after')
				return { status: 502, body: { message: 'Bad Gateway' }, fault: true };
			return answer;
		} finally {
			for (const key of upsertKeys) {
				const left = (this.upsertKeysInFlight.get(key) ?? 1) - 1;
				if (left > 0) this.upsertKeysInFlight.set(key, left);
				else this.upsertKeysInFlight.delete(key);
			}
			this.inFlight--;
			record.at = Date.now();
		}
	}

	/** The distinct lookup values of a Sync Leads call (`field\u0000value`, case-insensitive). */
	private upsertKeys(request: SimRequest): string[] {
		if (request.method !== 'POST' || request.path !== '/rest/v1/leads.json') {
			return this.objects.writeKeys(request);
		}
		const body = request.body as Row | undefined;
		if (!body || !Array.isArray(body.input)) return [];
		const field = String(body.lookupField ?? 'email');
		const keys = new Set<string>();
		for (const lead of body.input as Row[]) {
			const value = lead?.[field];
			if (value !== undefined && value !== null && value !== '') {
				keys.add(`${field}\u0000${String(value).toLowerCase()}`);
			}
		}
		return [...keys];
	}

	private ok(result?: Row[], extra: Row = {}): SimResponse {
		const body: Row = { requestId: this.requestId(), success: true, ...extra };
		if (result !== undefined) body.result = result;
		return reply(200, body);
	}

	private params(request: SimRequest): Row {
		const query = Object.fromEntries(request.query) as Row;
		if (request.method === 'POST' && query._method === 'GET' && typeof request.body === 'object') {
			return { ...query, ...(request.body as Row) };
		}
		return query;
	}

	private route(request: SimRequest): SimResponse {
		const { method, path } = request;
		const effective = method === 'POST' && request.query.get('_method') === 'GET' ? 'GET' : method;
		const key = `${effective} ${path}`;
		let m: RegExpExecArray | null;
		if (path.startsWith('/bulk/')) return this.bulk.route(request);
		if (key === 'GET /rest/v1/leads.json') return this.getLeads(this.params(request));
		if (key === 'POST /rest/v1/leads.json') return this.syncLeads(request.body as Row);
		if (key === 'GET /rest/v1/leads/describe2.json') {
			return this.ok([
				{
					name: 'API Lead',
					searchableFields: SEARCHABLE,
					fields: this.fields.map((f) => ({ ...f })),
				},
			]);
		}
		if (key === 'GET /rest/v1/leads/schema/fields.json') {
			return this.tokenPage(this.fields, this.params(request), leadFieldSchema);
		}
		if (key === 'POST /rest/v1/leads/schema/fields.json')
			return this.createFields(request.body as Row);
		if ((m = /^GET \/rest\/v1\/leads\/programs\/(\d+)\.json$/.exec(key))) {
			return this.programMembers(Number(m[1]), this.params(request));
		}
		if (key === 'GET /rest/v1/activities/pagingtoken.json')
			return this.pagingToken(this.params(request));
		if (key === 'GET /rest/v1/activities.json')
			return this.getActivities(this.params(request), false);
		if (key === 'GET /rest/v1/activities/leadchanges.json')
			return this.getActivities(this.params(request), true);
		if (key === 'GET /rest/v1/activities/types.json') return this.ok(ACTIVITY_TYPES);
		if (key === 'GET /rest/v1/campaigns.json') return this.getCampaigns(this.params(request));
		if ((m = /^GET \/rest\/v1\/campaigns\/(\d+)\.json$/.exec(key))) {
			const campaign = this.campaigns.get(Number(m[1]));
			return campaign ? this.ok([publicCampaign(campaign)]) : this.ok([]);
		}
		if ((m = /^POST \/rest\/v1\/campaigns\/(\d+)\/trigger\.json$/.exec(key))) {
			return this.trigger(Number(m[1]), request.body as Row);
		}
		if ((m = /^POST \/rest\/v1\/campaigns\/(\d+)\/schedule\.json$/.exec(key))) {
			return this.schedule(Number(m[1]), request.body as Row);
		}
		if (key === 'GET /rest/v1/lists.json') return this.getLists(this.params(request));
		if ((m = /^(GET|POST|DELETE) \/rest\/v1\/lists\/(\d+)\/leads\.json$/.exec(key))) {
			return this.listLeads(m[1], Number(m[2]), request);
		}
		if (key === 'GET /rest/asset/v1/programs.json') {
			const q = this.params(request);
			// Update-time bounds compare as instants (the service takes ISO 8601 with an offset).
			const earliest = q.earliestUpdatedAt ? Date.parse(String(q.earliestUpdatedAt)) : -Infinity;
			const latest = q.latestUpdatedAt ? Date.parse(String(q.latestUpdatedAt)) : Infinity;
			if (Number.isNaN(earliest) || Number.isNaN(latest)) {
				return this.failure('1001', 'Invalid value for earliestUpdatedAt or latestUpdatedAt');
			}
			const rows = this.programs.filter((p) => {
				const updated = Date.parse(String(p.updatedAt ?? '').replace(/Z\+0000$/, 'Z'));
				return (
					(!q.status || p.status === q.status) &&
					(Number.isNaN(updated) || (updated >= earliest && updated <= latest))
				);
			});
			return this.offsetPage(rows, q);
		}
		if ((m = /^GET \/rest\/asset\/v1\/program\/(\d+)\.json$/.exec(key))) {
			const program = this.programs.find((p) => p.id === Number(m![1]));
			return program ? this.ok([program], { errors: [], warnings: [] }) : this.noAssets();
		}
		if (key === 'GET /rest/asset/v1/emails.json') {
			return this.offsetPage(
				[...this.emails.values()].map((e) => this.emailRecord(e)),
				this.params(request),
			);
		}
		if ((m = /^GET \/rest\/asset\/v1\/email\/(\d+)\/content\.json$/.exec(key))) {
			const email = this.emails.get(Number(m[1]));
			if (!email) return this.failure('702', 'Email not found');
			const status = request.query.get('status') ?? (email.approved ? 'approved' : 'draft');
			const sections = status === 'draft' ? email.draft : email.approved;
			if (!sections) return this.failure('709', `No ${status} version of the email`);
			return this.ok(sections, { errors: [], warnings: [] });
		}
		if (key === 'GET /rest/asset/v1/email/byName.json') {
			const name = request.query.get('name');
			if (!name) return this.failure('701', 'name cannot be blank');
			const email = [...this.emails.values()].find((e) => e.name === name);
			return email
				? this.ok([this.emailRecord(email)], { errors: [], warnings: [] })
				: this.noAssets();
		}
		if ((m = /^POST \/rest\/asset\/v1\/email\/(\d+)\/approveDraft\.json$/.exec(key))) {
			const email = this.emails.get(Number(m[1]));
			if (!email) return this.failure('702', 'Email not found');
			if (!email.draft) return this.failure('709', 'Cannot approve: the email has no draft');
			email.approved = email.draft;
			email.draft = undefined;
			email.status = 'approved';
			return this.ok([{ id: email.id }], { errors: [], warnings: [] });
		}
		return (
			this.objects.route(request, key) ??
			this.assets.route(request, key) ??
			this.programOps.route(request, key) ??
			this.failure('610', 'Requested resource not found')
		);
	}

	private noAssets(): SimResponse {
		return this.ok(undefined, { errors: [], warnings: [NO_ASSETS] });
	}

	private emailRecord(email: Row): Row {
		const rest = { ...email };
		delete rest.approved;
		delete rest.draft;
		return rest;
	}

	private batchSize(q: Row): number | SimResponse {
		const size = q.batchSize === undefined ? 300 : Number(q.batchSize);
		if (!Number.isInteger(size) || size < 1 || size > 300) {
			return this.failure('1003', `Invalid batchSize '${String(q.batchSize)}': at most 300`);
		}
		return size;
	}

	/** `nextPageToken` paging: token present while more rows follow; no `moreResult`. */
	private tokenPage(rows: Row[], q: Row, map: (row: Row) => Row = (r) => r): SimResponse {
		const size = this.batchSize(q);
		if (typeof size !== 'number') return size;
		const offset = q.nextPageToken ? Number(decodeToken(String(q.nextPageToken))?.o ?? NaN) : 0;
		if (!Number.isInteger(offset)) return this.failure('1003', 'Invalid nextPageToken');
		const page = rows.slice(offset, offset + size).map(map);
		const extra: Row = {};
		if (offset + size < rows.length) extra.nextPageToken = encodeToken({ o: offset + size });
		return this.ok(page, extra);
	}

	private offsetPage(rows: Row[], q: Row): SimResponse {
		const max = q.maxReturn === undefined ? 20 : Number(q.maxReturn);
		if (!Number.isInteger(max) || max < 1 || max > 200) {
			return this.failure('1003', 'maxReturn must be between 1 and 200');
		}
		const offset = Number(q.offset ?? 0);
		const page = rows.slice(offset, offset + max);
		return page.length === 0 ? this.noAssets() : this.ok(page, { errors: [], warnings: [] });
	}

	private project(lead: Row, fields: string[]): Row {
		const out: Row = {};
		for (const field of fields) if (lead[field] !== undefined) out[field] = lead[field];
		return out;
	}

	private getLeads(q: Row): SimResponse {
		const filterType = String(q.filterType ?? '');
		if (!filterType) return this.failure('701', 'filterType cannot be blank');
		if (!SEARCHABLE.some((key) => key.length === 1 && key[0] === filterType)) {
			return this.failure('1003', `Invalid filterType '${filterType}'`);
		}
		const values = csv(q.filterValues);
		if (values.length === 0) return this.failure('701', 'filterValues cannot be blank');
		if (values.length > 300) return this.failure('1003', 'Too many filterValues: at most 300');
		const fields = q.fields ? csv(q.fields) : DEFAULT_FIELDS;
		const wanted = new Set(values.map((v) => (filterType === 'email' ? v.toLowerCase() : v)));
		const matches =
			filterType === 'email'
				? [...wanted]
						.flatMap((email) => this.leadsByEmail.get(email) ?? [])
						.sort((a, b) => Number(a.id) - Number(b.id))
				: [...this.leads.values()].filter((lead) => {
						const value = lead[filterType];
						if (value === undefined || value === null) return false;
						return wanted.has(String(value));
					});
		return this.tokenPage(matches, q, (lead) => this.project(lead, fields));
	}

	private syncLeads(body: Row): SimResponse {
		const input = (body?.input ?? []) as Row[];
		if (!Array.isArray(input) || input.length === 0)
			return this.failure('701', 'input cannot be blank');
		if (input.length > 300) return this.failure('1003', 'Batch size exceeds 300 records');
		const action = String(body.action ?? 'createOrUpdate');
		const lookupField = String(body.lookupField ?? 'email');
		const known = new Set(this.fields.map((f) => f.name));
		const result = input.map((record): Row => {
			const unknown = Object.keys(record).find((k) => !known.has(k));
			if (unknown)
				return {
					status: 'skipped',
					reasons: [{ code: '1006', message: `Field '${unknown}' not found` }],
				};
			if (record.email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(record.email))) {
				return {
					status: 'skipped',
					reasons: [{ code: '1001', message: `Invalid value for field 'email'` }],
				};
			}
			if (record.id !== undefined && action !== 'updateOnly') {
				return {
					status: 'skipped',
					reasons: [{ code: '1003', message: "Field 'id' not allowed" }],
				};
			}
			const lookup = record[lookupField];
			const matches =
				action === 'createDuplicate' || lookup === undefined
					? []
					: lookupField === 'email'
						? [...(this.leadsByEmail.get(String(lookup).toLowerCase()) ?? [])]
						: [...this.leads.values()].filter(
								(lead) => String(lead[lookupField]) === String(lookup),
							);
			if (action !== 'createDuplicate' && lookup === undefined) {
				return {
					status: 'skipped',
					reasons: [{ code: '1002', message: `Missing value for required field '${lookupField}'` }],
				};
			}
			if (matches.length > 1)
				return {
					status: 'skipped',
					reasons: [{ code: '1007', message: 'Multiple lead match lookup criteria' }],
				};
			const existing = matches[0];
			if (existing && action === 'createOnly') {
				return {
					id: existing.id,
					status: 'skipped',
					reasons: [{ code: '1005', message: 'Lead already exists' }],
				};
			}
			if (!existing && action === 'updateOnly') {
				return { status: 'skipped', reasons: [{ code: '1004', message: 'Lead not found' }] };
			}
			if (existing) {
				this.logLeadChanges(existing, record);
				this.unindexEmail(existing);
				Object.assign(existing, record, {
					updatedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
				});
				this.indexEmail(existing);
				return { id: existing.id, status: 'updated' };
			}
			const lead = this.addLead(record);
			this.logActivity(Number(lead.id), 12, {
				primaryAttributeValue: lead.email ?? null,
				attributes: [{ name: 'Source Type', value: 'Web service API' }],
			});
			return { id: lead.id, status: 'created' };
		});
		return this.ok(result);
	}

	private createFields(body: Row): SimResponse {
		const input = (body?.input ?? []) as Row[];
		if (!Array.isArray(input) || input.length === 0)
			return this.failure('701', 'input cannot be blank');
		if (input.length > 100) return this.failure('1003', 'At most 100 fields per call');
		return this.ok(
			input.map((field) => {
				const name = String(field.name ?? '');
				if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) {
					return {
						name,
						status: 'skipped',
						reasons: [{ code: '1001', message: 'Invalid field name' }],
					};
				}
				if (this.fields.some((f) => f.name === name)) {
					return {
						name,
						status: 'skipped',
						reasons: [{ code: '1017', message: 'Field already exists' }],
					};
				}
				this.fields.push({ ...field, isCustom: true, isApiCreated: true, updateable: true });
				return { name, status: 'created' };
			}),
		);
	}

	private programMembers(programId: number, q: Row): SimResponse {
		const members = this.memberships.get(programId);
		if (!members) return this.failure('1013', `Program ${programId} not found`);
		const fields = q.fields ? csv(q.fields) : DEFAULT_FIELDS;
		return this.tokenPage(members, q, (m) => ({
			...this.project(this.leads.get(Number(m.leadId)) ?? { id: m.leadId }, fields),
			membership: { ...m, leadId: undefined },
		}));
	}

	private pagingToken(q: Row): SimResponse {
		const since = Date.parse(String(q.sinceDatetime ?? ''));
		if (!Number.isFinite(since)) return this.failure('701', 'sinceDatetime cannot be blank');
		const position = this.activities.findIndex((a) => Date.parse(String(a.activityDate)) >= since);
		return this.ok(undefined, {
			nextPageToken: encodeToken({ a: position < 0 ? this.activities.length : position }),
		});
	}

	private getActivities(q: Row, changes: boolean): SimResponse {
		if (!q.nextPageToken) return this.failure('701', 'nextPageToken cannot be blank');
		const start = Number(decodeToken(String(q.nextPageToken))?.a ?? NaN);
		if (!Number.isInteger(start)) return this.failure('1003', 'Invalid nextPageToken');
		const size = this.batchSize(q);
		if (typeof size !== 'number') return size;
		let types: number[];
		let fields: string[] = [];
		if (changes) {
			fields = csv(q.fields);
			if (fields.length === 0) return this.failure('701', 'fields cannot be blank');
			types = [12, 13];
		} else {
			types = csv(q.activityTypeIds).map(Number);
			if (types.length === 0) return this.failure('701', 'activityTypeIds cannot be blank');
			if (types.length > 10) return this.failure('1003', 'At most 10 activityTypeIds');
		}
		const leadIds = csv(q.leadIds).map(Number);
		if (leadIds.length > 30) return this.failure('1003', 'At most 30 leadIds');
		const assetIds = csv(q.assetIds).map(Number);
		if (assetIds.length > 0 && types.length !== 1) {
			return this.failure('1003', 'assetIds needs exactly one activityTypeId');
		}
		const list = q.listId ? this.lists.get(Number(q.listId)) : undefined;
		if (q.listId && !list) return this.failure('1013', 'List not found');
		const result: Row[] = [];
		let position = start;
		const end = Math.min(this.activities.length, start + ACTIVITY_BLOCK);
		for (; position < end && result.length < size; position++) {
			const a = this.activities[position];
			if (!types.includes(Number(a.activityTypeId))) continue;
			if (leadIds.length > 0 && !leadIds.includes(Number(a.leadId))) continue;
			if (assetIds.length > 0 && !assetIds.includes(Number(a.primaryAttributeValueId))) continue;
			if (list && !list.members.has(Number(a.leadId))) continue;
			if (changes && a.activityTypeId === 13) {
				const changed = (a.fields as Row[]).filter((f) => fields.includes(String(f.name)));
				if (changed.length === 0) continue;
				result.push({ ...a, fields: changed });
				continue;
			}
			result.push(a);
		}
		return this.ok(result, {
			nextPageToken: encodeToken({ a: position }),
			moreResult: position < this.activities.length,
		});
	}

	private getCampaigns(q: Row): SimResponse {
		const names = csv(q.name);
		const programs = csv(q.programName);
		const workspaces = csv(q.workspaceName);
		const ids = csv(q.id).map(Number);
		const rows = [...this.campaigns.values()].filter(
			(c) =>
				(names.length === 0 || names.includes(String(c.name))) &&
				(programs.length === 0 || programs.includes(String(c.programName))) &&
				(workspaces.length === 0 || workspaces.includes(String(c.workspaceName))) &&
				(ids.length === 0 || ids.includes(Number(c.id))) &&
				(q.isTriggerable !== 'true' || isRequestable(c)),
		);
		return this.tokenPage(rows, q, publicCampaign);
	}

	private trigger(campaignId: number, body: Row): SimResponse {
		const campaign = this.campaigns.get(campaignId);
		if (!campaign) return this.failure('1013', 'Campaign not found');
		if (!isRequestable(campaign)) {
			return this.failure('1003', `Campaign ${campaignId} cannot be requested by the API`);
		}
		const input = (body?.input ?? {}) as Row;
		const leads = (input.leads ?? []) as Row[];
		if (!Array.isArray(leads) || leads.length === 0)
			return this.failure('701', 'input.leads cannot be blank');
		if (leads.length > 100) return this.failure('1003', 'At most 100 leads per call');
		if (Array.isArray(input.tokens) && input.tokens.length > 100) {
			return this.failure('1003', 'At most 100 tokens per call');
		}
		this.triggered.push({
			campaignId,
			leads: leads.map((l) => Number(l.id)),
			tokens: input.tokens,
		});
		let counts = this.triggersByLead.get(campaignId);
		if (!counts) this.triggersByLead.set(campaignId, (counts = new Map()));
		for (const lead of leads) counts.set(Number(lead.id), (counts.get(Number(lead.id)) ?? 0) + 1);
		return this.ok([{ id: campaignId }]);
	}

	private schedule(campaignId: number, body: Row): SimResponse {
		const campaign = this.campaigns.get(campaignId);
		if (!campaign) return this.failure('1013', 'Campaign not found');
		if (campaign.type !== 'batch')
			return this.failure('1003', `Campaign ${campaignId} is not a batch campaign`);
		const input = (body?.input ?? {}) as Row;
		if (input.runAt !== undefined) {
			const at = Date.parse(String(input.runAt));
			if (!Number.isFinite(at)) return this.failure('1001', 'Invalid runAt');
			if (at > Date.now() + 2 * 366 * 86_400_000) return this.failure('1042', 'Invalid runAt date');
		}
		// Runs at least 5 minutes after the call (anchors-2026-11.md §2: 1042 for a bad runAt).
		if (input.runAt !== undefined && Date.parse(String(input.runAt)) < Date.now() + 5 * 60_000) {
			return this.failure('1042', 'Invalid runAt date: at least 5 minutes from now');
		}
		if (input.cloneToProgramName !== undefined) {
			// At most 20 schedules a day may clone their program (1020 beyond).
			const now = Date.now();
			this.cloneTimes = this.cloneTimes.filter((at) => at > now - 86_400_000);
			if (this.cloneTimes.length >= 20) {
				return this.failure('1020', 'Too many clones to program: 20 a day');
			}
			this.cloneTimes.push(now);
		}
		this.scheduled.push({ campaignId, input });
		return this.ok([{ id: campaignId }]);
	}

	private getLists(q: Row): SimResponse {
		const names = csv(q.name);
		const programs = csv(q.programName);
		const workspaces = csv(q.workspaceName);
		const rows = [...this.lists.values()].filter(
			(l) =>
				(names.length === 0 || names.includes(String(l.name))) &&
				(programs.length === 0 || programs.includes(String(l.programName))) &&
				(workspaces.length === 0 || workspaces.includes(String(l.workspaceName))),
		);
		return this.tokenPage(rows, q, (l) => {
			const copy: Row = { ...l };
			delete copy.members;
			return copy;
		});
	}

	private listLeads(method: string, listId: number, request: SimRequest): SimResponse {
		const list = this.lists.get(listId);
		if (!list) return this.failure('1013', 'Static list not found');
		if (method === 'GET') {
			const q = this.params(request);
			const fields = q.fields ? csv(q.fields) : DEFAULT_FIELDS;
			const members = [...list.members]
				.sort((a, b) => a - b)
				.map((id) => this.leads.get(id) ?? { id });
			return this.tokenPage(members, q, (lead) => this.project(lead, fields));
		}
		const fromBody = ((request.body as Row)?.input ?? []) as Row[];
		const ids =
			Array.isArray(fromBody) && fromBody.length > 0
				? fromBody.map((r) => Number(r.id))
				: request.query
						.getAll('id')
						.flatMap((v) => csv(v))
						.map(Number);
		if (ids.length === 0) return this.failure('701', 'id cannot be blank');
		if (ids.length > 300) return this.failure('1003', 'At most 300 ids per call');
		return this.ok(
			ids.map((id) => {
				if (!this.leads.has(id))
					return { id, status: 'skipped', reasons: [{ code: '1004', message: 'Lead not found' }] };
				const listDetails = { primaryAttributeValueId: list.id, primaryAttributeValue: list.name };
				if (method === 'POST') {
					if (!list.members.has(id)) this.logActivity(id, 24, listDetails);
					list.members.add(id);
					return { id, status: 'added' };
				}
				if (!list.members.has(id)) {
					return {
						id,
						status: 'skipped',
						reasons: [{ code: '1015', message: 'Lead not in list' }],
					};
				}
				list.members.delete(id);
				this.logActivity(id, 25, listDetails);
				return { id, status: 'removed' };
			}),
		);
	}

	// ---- demo data -------------------------------------------------------------------------------

	private seedDemo(activitiesFrom: number) {
		const first = ['Ann', 'Bob', 'Chloe', 'Dev', 'Emma', 'Farid', 'Grace', 'Hiro', 'Isla', 'Jack'];
		const last = ['Nguyen', 'Smith', 'Taylor', 'Brown', 'Wilson', 'Khan', 'Lee', 'Martin'];
		const companies = ['Acme Pty Ltd', 'Globex', 'Initech', 'Umbrella Corp', 'Hooli'];
		for (let n = 1; n <= 60; n++) {
			this.addLead({
				email: `lead${n}@example.com`,
				firstName: first[n % first.length],
				lastName: last[n % last.length],
				company: companies[n % companies.length],
				country: n % 3 === 0 ? 'New Zealand' : 'Australia',
				leadScore: (n * 7) % 100,
				externalId: `ext-${n}`,
			});
		}
		const list = (id: number, name: string, programName: string, members: number[]) =>
			this.lists.set(id, {
				id,
				name,
				description: '',
				programName,
				workspaceName: 'Default',
				createdAt: '2026-10-01T00:00:00Z',
				updatedAt: '2026-10-01T00:00:00Z',
				members: new Set(members),
			});
		const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_v, i) => a + i);
		list(1001, 'Newsletter subscribers', 'November Newsletter', range(1, 20));
		list(1002, 'Webinar attendees', 'Product Webinar', range(15, 30));
		list(1003, 'Imported leads', 'Onboarding', []);
		const campaign = (
			id: number,
			name: string,
			type: string,
			programId: number,
			programName: string,
			active: boolean,
		) =>
			this.campaigns.set(id, {
				id,
				name,
				description: '',
				type,
				programId,
				programName,
				workspaceName: 'Default',
				active,
				isRequestable: type === 'trigger',
				createdAt: '2026-10-01T00:00:00Z',
				updatedAt: '2026-10-15T00:00:00Z',
			});
		campaign(2001, 'Welcome flow', 'trigger', 3002, 'Onboarding', true);
		campaign(2002, 'Webinar follow-up', 'trigger', 3003, 'Product Webinar', true);
		campaign(2003, 'Monthly newsletter send', 'batch', 3001, 'November Newsletter', true);
		campaign(2004, 'Old nurture', 'trigger', 3004, 'Nurture Track', false);
		const program = (id: number, name: string, type: string, channel: string, status = '') =>
			this.programs.push({
				id,
				name,
				description: '',
				type,
				channel,
				status,
				workspace: 'Default',
				folder: { type: 'Folder', value: 15, folderName: 'Marketing Activities' },
				url: `https://app.example.com/#PG${id}A1`,
				createdAt: '2026-09-01T00:00:00Z+0000',
				updatedAt: '2026-10-01T00:00:00Z+0000',
			});
		program(3001, 'November Newsletter', 'Email', 'Email Send', 'unlocked');
		program(3002, 'Onboarding', 'Default', 'Operational');
		program(3003, 'Product Webinar', 'Event with Webinar', 'Webinar');
		program(3004, 'Nurture Track', 'Engagement', 'Nurture', 'on');
		program(3005, 'Black Friday Email', 'Email', 'Email Send', 'locked');
		program(3006, 'Partner Event', 'Event', 'Tradeshow');
		const webinar = ['Registered', 'Attended', 'No Show'];
		this.memberships.set(
			3003,
			range(1, 25).map((leadId) => ({
				leadId,
				progressionStatus: webinar[leadId % 3],
				reachedSuccess: leadId % 3 === 1,
				membershipDate: new Date(Date.UTC(2026, 9, leadId)).toISOString().replace('.000Z', 'Z'),
				acquiredBy: leadId > 20,
				isExhausted: false,
				stream: '',
				nurtureCadence: '',
			})),
		);
		const email = ['Member', 'Sent', 'Opened', 'Clicked'];
		this.memberships.set(
			3001,
			range(1, 40).map((leadId) => ({
				leadId,
				progressionStatus: email[leadId % 4],
				reachedSuccess: leadId % 4 === 3,
				membershipDate: new Date(Date.UTC(2026, 10, 1 + (leadId % 10)))
					.toISOString()
					.replace('.000Z', 'Z'),
				acquiredBy: false,
				isExhausted: false,
				stream: '',
				nurtureCadence: '',
			})),
		);
		for (const id of [3002, 3004, 3005, 3006]) this.memberships.set(id, []);
		const sections = (text: string) => [
			{
				htmlId: 'headline',
				value: [
					{ type: 'HTML', value: `<h1>${text}</h1>` },
					{ type: 'Text', value: text },
				],
				contentType: 'Text',
				index: 0,
				isLocked: false,
				parentHtmlId: null,
			},
			{
				htmlId: 'body',
				value: `<p>${text} body</p>`,
				contentType: 'HTML',
				index: 1,
				isLocked: false,
				parentHtmlId: null,
			},
		];
		const mail = (id: number, name: string, programId: number, approved?: string, draft?: string) =>
			this.emails.set(id, {
				id,
				name,
				subject: { type: 'Text', value: name },
				fromName: { type: 'Text', value: 'Marketing Team' },
				fromEmail: { type: 'Text', value: 'news@example.com' },
				replyEmail: { type: 'Text', value: 'news@example.com' },
				folder: { type: 'Program', value: programId, folderName: 'Program' },
				operational: false,
				status: approved ? 'approved' : 'draft',
				version: 2,
				approved: approved ? sections(approved) : undefined,
				draft: draft ? sections(draft) : undefined,
			});
		mail(4001, 'November Newsletter - Email', 3001, 'November news', 'November news (edited)');
		mail(4002, 'Welcome Email', 3002, 'Welcome aboard');
		mail(4003, 'Black Friday Teaser', 3005, undefined, 'Black Friday is coming');

		// Activities from `activitiesFrom` on, one every 10 minutes, a deterministic mix of types.
		const base = activitiesFrom;
		for (let n = 0; n < 1200; n++) {
			const leadId = 1 + ((n * 7) % 60);
			const activityDate = new Date(base + n * 600_000).toISOString().replace('.000Z', 'Z');
			const kind = n % 12;
			if (kind === 0 || kind === 5) {
				const page = kind === 0 ? 5001 : 5002;
				this.addActivity({
					leadId,
					activityDate,
					activityTypeId: 1,
					primaryAttributeValueId: page,
					primaryAttributeValue: page === 5001 ? 'Webinar registration' : 'Black Friday offer',
					attributes: [{ name: 'Client IP Address', value: '203.0.113.7' }],
				});
			} else if (kind === 1 && n % 24 === 1) {
				this.addActivity({
					leadId,
					activityDate,
					activityTypeId: 2,
					primaryAttributeValueId: 6001,
					primaryAttributeValue: 'Registration form',
					attributes: [
						{ name: 'Webpage ID', value: n % 48 === 1 ? 5001 : 5002 },
						{ name: 'Form Fields', value: '{}' },
					],
				});
			} else if (kind === 2) {
				this.addActivity({
					leadId,
					activityDate,
					activityTypeId: 6,
					primaryAttributeValueId: 4001,
					primaryAttributeValue: 'November Newsletter - Email',
				});
			} else if (kind === 3) {
				this.addActivity({
					leadId,
					activityDate,
					activityTypeId: n % 36 === 3 ? 8 : 7,
					primaryAttributeValueId: 4001,
					primaryAttributeValue: 'November Newsletter - Email',
					attributes:
						n % 36 === 3
							? [
									{ name: 'Category', value: '1' },
									{ name: 'Details', value: '550 mailbox unavailable' },
								]
							: [],
				});
			} else if (kind === 4) {
				this.addActivity({
					leadId,
					activityDate,
					activityTypeId: 10,
					primaryAttributeValueId: 4001,
					primaryAttributeValue: 'November Newsletter - Email',
					attributes: [{ name: 'Device', value: 'Mobile' }],
				});
			} else if (kind === 6 && n % 60 === 6) {
				this.addActivity({
					leadId,
					activityDate,
					activityTypeId: 27,
					primaryAttributeValueId: 4001,
					primaryAttributeValue: 'November Newsletter - Email',
					attributes: [{ name: 'Details', value: 'Mailbox full' }],
				});
			} else if (kind === 7) {
				this.addActivity({
					leadId,
					activityDate,
					activityTypeId: 13,
					primaryAttributeValue: n % 24 === 7 ? 'Job Title' : 'Lead Score',
					fields: [
						{
							id: n % 24 === 7 ? 45 : 60,
							name: n % 24 === 7 ? 'title' : 'leadScore',
							newValue: String(n % 90),
							oldValue: String((n + 3) % 90),
						},
					],
					attributes: [{ name: 'Source', value: 'Web service API' }],
				});
			} else if (kind === 8 && n % 96 === 8) {
				this.addActivity({
					leadId,
					activityDate,
					activityTypeId: 12,
					primaryAttributeValue: `lead${leadId}@example.com`,
					fields: [],
					attributes: [{ name: 'Source Type', value: 'Web service API' }],
				});
			} else if (kind === 9) {
				this.addActivity({
					leadId,
					activityDate,
					activityTypeId: 11,
					primaryAttributeValueId: 4001,
					primaryAttributeValue: 'November Newsletter - Email',
				});
			}
		}
	}
}
