/**
 * The lead-database objects of the simulated marketing service (reference:
 * ../../../shared/reference/marketing-bulk-and-objects.md §3–§4): companies, opportunities,
 * opportunity roles and custom objects share one pattern (describe; query by `filterType` /
 * `filterValues` or, for a compound key, `POST …?_method=GET` with a JSON body; sync with
 * `action` / `dedupeBy`; delete with `deleteBy`; ≤ 300 records per call, results with `seq`),
 * plus program members (query with the 7-day `updatedAt` window, status sync with 1037 skips,
 * data sync). The rest of §5 is in ./marketingAssets.ts.
 */
import type { SimRequest, SimResponse } from './server';
import { reply } from './server';

export type Row = Record<string, unknown>;

/** A lead field's SOAP API name, the id a form lists it by: the REST name, capitalised. */
export const soapName = (restName: string) => restName.charAt(0).toUpperCase() + restName.slice(1);

export interface FieldDef {
	name: string;
	displayName: string;
	dataType: string;
	length?: number;
	updateable: boolean;
}

export interface ObjectDef {
	name: string;
	displayName: string;
	idField: string;
	dedupeFields: string[];
	searchableFields: string[][];
	fields: FieldDef[];
	relationships?: Row[];
	/** Read-only (companies, opportunities) or absent (roles) under a native CRM sync. */
	crmManaged: boolean;
	/** `dedupeBy` is accepted only with `updateOnly` (opportunities, roles); else only `idField` is. */
	dedupeByOnlyWithUpdateOnly: boolean;
	/** Fields a new record must have besides its dedupe key. */
	requiredOnCreate: string[];
	/** Named account lists: no describe, `filterType` only `dedupeFields` / `idField`, createOnly by default. */
	listLike?: true;
}

/** What the objects module needs of the service it is part of. */
export interface ObjectsHost {
	leads: Map<number, Row>;
	memberships: Map<number, Row[]>;
	programs: Row[];
}

const field = (
	name: string,
	displayName: string,
	dataType: string,
	updateable = true,
): FieldDef => ({
	name,
	displayName,
	dataType,
	...(dataType === 'string' ? { length: 255 } : {}),
	updateable,
});
const dates = [
	field('createdAt', 'Created At', 'datetime', false),
	field('updatedAt', 'Updated At', 'datetime', false),
];

export const COMPANY: ObjectDef = {
	name: 'Company',
	displayName: 'Company',
	idField: 'id',
	dedupeFields: ['externalCompanyId'],
	searchableFields: [['externalCompanyId'], ['id'], ['company']],
	fields: [
		field('id', 'Id', 'integer', false),
		field('externalCompanyId', 'External Company Id', 'string'),
		field('company', 'Company Name', 'string'),
		field('website', 'Website', 'url'),
		field('industry', 'Industry', 'string'),
		field('numberOfEmployees', 'Num Employees', 'integer'),
		field('annualRevenue', 'Annual Revenue', 'currency'),
		field('billingCountry', 'Billing Country', 'string'),
		...dates,
	],
	crmManaged: true,
	dedupeByOnlyWithUpdateOnly: false,
	requiredOnCreate: [],
};

export const OPPORTUNITY: ObjectDef = {
	name: 'Opportunity',
	displayName: 'Opportunity',
	idField: 'marketoGUID',
	dedupeFields: ['externalOpportunityId'],
	searchableFields: [['marketoGUID'], ['externalOpportunityId'], ['externalCompanyId'], ['stage']],
	fields: [
		field('marketoGUID', 'Marketo GUID', 'string', false),
		field('externalOpportunityId', 'External Opportunity Id', 'string'),
		field('name', 'Name', 'string'),
		field('amount', 'Amount', 'currency'),
		field('stage', 'Stage', 'string'),
		field('closeDate', 'Close Date', 'date'),
		field('isWon', 'Is Won', 'boolean'),
		field('externalCompanyId', 'External Company Id', 'string'),
		...dates,
	],
	crmManaged: true,
	dedupeByOnlyWithUpdateOnly: true,
	requiredOnCreate: ['name'],
};

export const OPPORTUNITY_ROLE: ObjectDef = {
	name: 'Opportunity Role',
	displayName: 'Opportunity Role',
	idField: 'marketoGUID',
	dedupeFields: ['externalOpportunityId', 'leadId', 'role'],
	searchableFields: [
		['marketoGUID'],
		['leadId'],
		['externalOpportunityId'],
		['externalOpportunityId', 'leadId', 'role'],
	],
	fields: [
		field('marketoGUID', 'Marketo GUID', 'string', false),
		field('externalOpportunityId', 'External Opportunity Id', 'string'),
		field('leadId', 'Lead Id', 'integer'),
		field('role', 'Role', 'string'),
		field('isPrimary', 'Is Primary', 'boolean'),
		...dates,
	],
	crmManaged: true,
	dedupeByOnlyWithUpdateOnly: true,
	requiredOnCreate: [],
};

/** Named accounts (ABM): deduped by `name`; no lead linking through the API (reference §3). */
export const NAMED_ACCOUNT: ObjectDef = {
	name: 'Named Account',
	displayName: 'Named Account',
	idField: 'marketoGUID',
	dedupeFields: ['name'],
	searchableFields: [
		['marketoGUID'],
		['name'],
		['domainName'],
		['industry'],
		['country'],
		['city'],
		['annualRevenue'],
	],
	fields: [
		field('marketoGUID', 'Marketo GUID', 'string', false),
		field('name', 'Name', 'string'),
		field('domainName', 'Domain Name', 'string'),
		field('industry', 'Industry', 'string'),
		field('country', 'Country', 'string'),
		field('city', 'City', 'string'),
		field('annualRevenue', 'Annual Revenue', 'currency'),
		field('numberOfEmployees', 'Number Of Employees', 'integer'),
		...dates,
	],
	crmManaged: false,
	dedupeByOnlyWithUpdateOnly: true,
	requiredOnCreate: [],
};

/** Named account lists: a name only, not extensible; `type` is `external` for CRM Account View lists. */
export const NAMED_ACCOUNT_LIST: ObjectDef = {
	name: 'Named Account List',
	displayName: 'Named Account List',
	idField: 'marketoGUID',
	dedupeFields: ['name'],
	searchableFields: [['marketoGUID'], ['name']],
	fields: [
		field('marketoGUID', 'Marketo GUID', 'string', false),
		field('name', 'Name', 'string'),
		field('type', 'Type', 'string', false),
		...dates,
	],
	crmManaged: false,
	dedupeByOnlyWithUpdateOnly: true,
	requiredOnCreate: [],
	listLike: true,
};

export const CUSTOM_OBJECTS: ObjectDef[] = [
	{
		name: 'car_c',
		displayName: 'Car',
		idField: 'marketoGUID',
		dedupeFields: ['vin'],
		searchableFields: [['marketoGUID'], ['vin'], ['leadId']],
		fields: [
			field('marketoGUID', 'Marketo GUID', 'string', false),
			field('vin', 'VIN', 'string'),
			field('make', 'Make', 'string'),
			field('model', 'Model', 'string'),
			field('year', 'Year', 'integer'),
			field('leadId', 'Lead Id', 'integer'),
			...dates,
		],
		relationships: [{ field: 'leadId', type: 'parent', relatedTo: { name: 'Lead', field: 'id' } }],
		crmManaged: false,
		dedupeByOnlyWithUpdateOnly: false,
		requiredOnCreate: [],
	},
	{
		name: 'subscription_c',
		displayName: 'Subscription',
		idField: 'marketoGUID',
		dedupeFields: ['accountNumber', 'plan'],
		searchableFields: [['marketoGUID'], ['accountNumber'], ['accountNumber', 'plan']],
		fields: [
			field('marketoGUID', 'Marketo GUID', 'string', false),
			field('accountNumber', 'Account Number', 'string'),
			field('plan', 'Plan', 'string'),
			field('seats', 'Seats', 'integer'),
			field('leadId', 'Lead Id', 'integer'),
			...dates,
		],
		crmManaged: false,
		dedupeByOnlyWithUpdateOnly: false,
		requiredOnCreate: [],
	},
];

/** The member fields: the service's standard ones plus two custom fields. */
const MEMBER_FIELDS: FieldDef[] = [
	field('leadId', 'Lead Id', 'integer', false),
	field('programId', 'Program Id', 'integer', false),
	field('acquiredBy', 'Acquired By', 'boolean', false),
	field('isExhausted', 'Is Exhausted', 'boolean', false),
	field('membershipDate', 'Membership Date', 'datetime', false),
	field('nurtureCadence', 'Nurture Cadence', 'string', false),
	field('reachedSuccess', 'Reached Success', 'boolean', false),
	field('reachedSuccessDate', 'Reached Success Date', 'datetime', false),
	field('statusName', 'Status Name', 'string', false),
	field('statusReason', 'Status Reason', 'string', false),
	field('trackName', 'Track Name', 'string', false),
	field('registrationCode', 'Registration Code', 'string'),
	field('webinarUrl', 'Webinar Url', 'url'),
	field('ticketType', 'Ticket Type', 'string'),
	field('sessionCount', 'Session Count', 'integer'),
	field('updatedAt', 'Updated At', 'datetime', false),
];
const MEMBER_SEARCHABLE = [
	['leadId'],
	['reachedSuccess'],
	['statusName'],
	['ticketType'],
	['sessionCount'],
];
const MEMBER_DEFAULT_FIELDS = [
	'acquiredBy',
	'leadId',
	'membershipDate',
	'programId',
	'reachedSuccess',
];

/** Channel statuses in progression order (a lead is "past" a status earlier in its list). */
export const CHANNEL_STATUSES: Record<string, string[]> = {
	'Email Send': ['Member', 'Sent', 'Opened', 'Clicked'],
	Webinar: ['Invited', 'Registered', 'No Show', 'Attended'],
	Operational: ['Member'],
	Nurture: ['Member', 'Engaged'],
	Tradeshow: ['Registered', 'Visited Booth'],
};

const BATCH = 300;
const SEVEN_DAYS_MS = 7 * 86_400_000;
const nowIso = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const encode = (data: Row) => Buffer.from(JSON.stringify(data)).toString('base64url');
const decode = (token: string): Row | undefined => {
	try {
		return JSON.parse(Buffer.from(token, 'base64url').toString()) as Row;
	} catch {
		return undefined;
	}
};
const csv = (value: unknown) =>
	String(value ?? '')
		.split(',')
		.map((v) => v.trim())
		.filter((v) => v !== '');
const blank = (value: unknown) => value === undefined || value === null || value === '';
const same = (a: unknown, b: unknown) => String(a ?? '').trim() === String(b ?? '').trim();
const skipped = (seq: number, code: string, message: string, extra: Row = {}): Row => ({
	seq,
	...extra,
	status: 'skipped',
	reasons: [{ code, message }],
});

let requestCounter = 0;
export const ok = (result?: Row[], extra: Row = {}): SimResponse => {
	const body: Row = {
		requestId: `obj#${(++requestCounter).toString(16)}`,
		success: true,
		...extra,
	};
	if (result !== undefined) body.result = result;
	return reply(200, body);
};
export const failure = (code: string, message: string): SimResponse =>
	reply(200, {
		requestId: `obj#${(++requestCounter).toString(16)}`,
		success: false,
		errors: [{ code, message }],
	});

/** A request's parameters: the query, plus a form or JSON body of `POST …?_method=GET`. */
export function paramsOf(request: SimRequest): Row {
	const query = Object.fromEntries(request.query) as Row;
	if (request.method === 'POST' && query._method === 'GET' && typeof request.body === 'object') {
		return { ...query, ...(request.body as Row) };
	}
	return query;
}

/** `nextPageToken` paging over all rows (token while more follow), `batchSize` ≤ 300. */
export function tokenPage(rows: Row[], q: Row): SimResponse {
	const size = q.batchSize === undefined ? BATCH : Number(q.batchSize);
	if (!Number.isInteger(size) || size < 1 || size > BATCH) {
		return failure('1003', `Invalid batchSize '${String(q.batchSize)}': at most 300`);
	}
	const offset = q.nextPageToken ? Number(decode(String(q.nextPageToken))?.o ?? NaN) : 0;
	if (!Number.isInteger(offset)) return failure('1003', 'Invalid nextPageToken');
	const extra: Row = { moreResult: offset + size < rows.length };
	if (offset + size < rows.length) extra.nextPageToken = encode({ o: offset + size });
	return ok(rows.slice(offset, offset + size), extra);
}

class ObjectStore {
	readonly records: Row[] = [];
	private nextId = 1;
	constructor(readonly def: ObjectDef) {}

	newId(): string | number {
		const n = this.nextId++;
		return this.def.idField === 'id'
			? n
			: `${this.def.name.toLowerCase().replace(/\W/g, '')}-${String(n).padStart(8, '0')}`;
	}

	add(values: Row): Row {
		const now = nowIso();
		const record = { [this.def.idField]: this.newId(), createdAt: now, updatedAt: now, ...values };
		this.records.push(record);
		return record;
	}

	find(key: string[], values: Row): Row | undefined {
		return this.records.find((r) => key.every((f) => same(r[f], values[f])));
	}

	describe(): Row {
		const out: Row = {
			name: this.def.name,
			displayName: this.def.displayName,
			createdAt: '2026-01-01T00:00:00Z',
			updatedAt: '2026-01-01T00:00:00Z',
			idField: this.def.idField,
			dedupeFields: this.def.dedupeFields,
			searchableFields: this.def.searchableFields,
			fields: this.def.fields,
		};
		if (this.def.relationships) out.relationships = this.def.relationships;
		return out;
	}
}

/** The objects' part of the simulated service. */
export class LeadDatabaseObjects {
	/** The instance syncs companies and opportunities with a CRM natively (1018). */
	crmSync = false;
	/** Under a CRM sync, refuse a whole write call with 1018 (as the service may) instead of each record. */
	crmRefusesWholeCall = false;
	/** Non-`leadId` member queries over this many members answer 1003 (the service: 100,000). */
	memberQueryCap = 100_000;
	readonly companies = new ObjectStore(COMPANY);
	readonly opportunities = new ObjectStore(OPPORTUNITY);
	readonly roles = new ObjectStore(OPPORTUNITY_ROLE);
	readonly namedAccounts = new ObjectStore(NAMED_ACCOUNT);
	readonly namedAccountLists = new ObjectStore(NAMED_ACCOUNT_LIST);
	/** The named accounts of each named account list, by the lists' and accounts' marketoGUIDs. */
	readonly namedAccountListMembers = new Map<string, Set<string>>();
	readonly customObjects = new Map(CUSTOM_OBJECTS.map((def) => [def.name, new ObjectStore(def)]));

	constructor(private readonly host: ObjectsHost) {
		this.companies.add({
			externalCompanyId: 'C-1001',
			company: 'Acme Pty Ltd',
			industry: 'Manufacturing',
			billingCountry: 'Australia',
		});
		this.companies.add({
			externalCompanyId: 'C-1002',
			company: 'Globex',
			industry: 'Energy',
			billingCountry: 'New Zealand',
		});
		this.namedAccounts.add({ name: 'Acme', domainName: 'acme.example', industry: 'Manufacturing' });
		this.namedAccounts.add({ name: 'Globex', domainName: 'globex.example', industry: 'Energy' });
		const targets = this.namedAccountLists.add({ name: 'Target accounts', type: 'default' });
		this.namedAccountListMembers.set(
			String(targets.marketoGUID),
			new Set([String(this.namedAccounts.records[0].marketoGUID)]),
		);
		this.opportunities.add({
			externalOpportunityId: 'O-2001',
			name: 'Acme renewal',
			amount: 12000,
			stage: 'Proposal',
			externalCompanyId: 'C-1001',
		});
		this.roles.add({
			externalOpportunityId: 'O-2001',
			leadId: 1,
			role: 'Decision Maker',
			isPrimary: true,
		});
		this.customObjects
			.get('car_c')!
			.add({ vin: 'VIN0001', make: 'Toyota', model: 'Corolla', year: 2021, leadId: 1 });
		this.customObjects
			.get('subscription_c')!
			.add({ accountNumber: 'A-1', plan: 'Pro', seats: 5, leadId: 2 });
	}

	/** The store of a path's object, its path prefix and the rest of the path. */
	private storeOf(path: string): { store?: ObjectStore; rest: string; unknownCustom?: string } {
		const fixed: Array<[string, ObjectStore]> = [
			['/rest/v1/opportunities/roles', this.roles],
			['/rest/v1/opportunities', this.opportunities],
			['/rest/v1/companies', this.companies],
			['/rest/v1/namedaccounts', this.namedAccounts],
			['/rest/v1/namedAccountLists', this.namedAccountLists],
		];
		for (const [prefix, store] of fixed) {
			if (path === `${prefix}.json`) return { store, rest: '' };
			if (path.startsWith(`${prefix}/`) && !path.startsWith(`${prefix}/roles`)) {
				return { store, rest: path.slice(prefix.length) };
			}
		}
		const m = /^\/rest\/v1\/customobjects\/([^/]+?)(\.json|\/.*)$/.exec(path);
		if (m) {
			const store = this.customObjects.get(m[1]);
			return store
				? { store, rest: m[2] === '.json' ? '' : m[2] }
				: { rest: '', unknownCustom: m[1] };
		}
		return { rest: '' };
	}

	/** The record keys a write holds (`path\0key`), for the service's overlap counter. */
	writeKeys(request: SimRequest): string[] {
		if (request.method !== 'POST' || request.query.get('_method') === 'GET') return [];
		const body = request.body as Row | undefined;
		if (!body || !Array.isArray(body.input)) return [];
		const member = /^\/rest\/v1\/programs\/(\d+)\/members(\/status)?\.json$/.exec(request.path);
		if (member)
			return (body.input as Row[]).map((r) => `program${member[1]}\u0000${String(r?.leadId)}`);
		const { store } = this.storeOf(request.path);
		if (!store) return [];
		const key = body.dedupeBy === 'idField' ? [store.def.idField] : store.def.dedupeFields;
		return (body.input as Row[]).map(
			(r) =>
				`${store.def.name}\u0000${key.map((f) => String(r?.[f] ?? '').toLowerCase()).join('\u0000')}`,
		);
	}

	route(request: SimRequest, key: string): SimResponse | undefined {
		if (key === 'GET /rest/v1/customobjects.json') {
			const names = csv(request.query.get('names'));
			const stores = [...this.customObjects.values()].filter(
				(s) => names.length === 0 || names.includes(s.def.name),
			);
			return ok(
				stores.map((s) => {
					const d = s.describe();
					delete d.fields;
					return d;
				}),
			);
		}
		const members = this.routeMembers(request, key) ?? this.routeListMembers(request, key);
		if (members) return members;
		const { store, rest, unknownCustom } = this.storeOf(request.path);
		if (unknownCustom) return failure('1013', `Custom object '${unknownCustom}' not found`);
		if (!store) return undefined;
		const method = key.slice(0, key.indexOf(' '));
		if (method === 'GET' && rest === '/describe.json' && !store.def.listLike) {
			return ok([store.describe()]);
		}
		if (method === 'GET' && rest === '') return this.query(store, paramsOf(request), request);
		const write = method === 'POST' && (rest === '' || rest === '/delete.json');
		if (write && request.query.get('_method') !== 'GET') {
			if (this.crmRefusesWholeCall && this.crmBlocks(store)) return failure('1018', 'CRM Enabled');
		}
		if (method === 'POST' && rest === '') return this.sync(store, request);
		if (method === 'POST' && rest === '/delete.json') return this.remove(store, request);
		return undefined;
	}

	private crmBlocks(store: ObjectStore): boolean {
		return this.crmSync && store.def.crmManaged;
	}

	private project(record: Row, fields: string[], seq: number): Row {
		const out: Row = { seq };
		for (const f of fields) if (record[f] !== undefined) out[f] = record[f];
		return out;
	}

	private fieldsOf(
		def: { fields: FieldDef[] },
		q: Row,
		defaults: string[],
	): string[] | SimResponse {
		const raw = Array.isArray(q.fields) ? (q.fields as unknown[]).map(String) : csv(q.fields);
		const fields = raw.length > 0 ? raw : defaults;
		const unknown = fields.find((f) => !def.fields.some((d) => d.name === f));
		return unknown ? failure('1006', `Field '${unknown}' not found`) : fields;
	}

	private query(store: ObjectStore, q: Row, request: SimRequest): SimResponse {
		const def = store.def;
		const filterType = String(q.filterType ?? '');
		if (!filterType) return failure('701', 'filterType cannot be blank');
		const fields = this.fieldsOf(def, q, [
			def.idField,
			...def.dedupeFields,
			'updatedAt',
			'createdAt',
		]);
		if (!Array.isArray(fields)) return fields;
		const rows: Row[] = [];
		if (filterType === 'dedupeFields' && Array.isArray(q.input)) {
			// Compound keys: only as `POST …?_method=GET` with a JSON body.
			if (!String(request.headers['content-type'] ?? '').includes('application/json')) {
				return failure('612', 'Invalid Content Type');
			}
			const input = q.input as Row[];
			if (input.length === 0) return failure('701', 'input cannot be blank');
			if (input.length > BATCH) return failure('1003', 'Too many input records: at most 300');
			for (const [seq, key] of input.entries()) {
				const given = Object.keys(key ?? {})
					.sort()
					.join(',');
				if (given !== [...def.dedupeFields].sort().join(',')) {
					return failure(
						'1003',
						`Invalid key at seq ${seq}: expected ${def.dedupeFields.join(', ')}`,
					);
				}
			}
			// In the store's order, not the input's: the service promises no order of a query's
			// answer, and `seq` here is the record's place in the answer.
			for (const r of store.records) {
				if (input.some((key) => def.dedupeFields.every((f) => same(r[f], key[f]))))
					rows.push(this.project(r, fields, rows.length));
			}
			return tokenPage(rows, q);
		}
		if (def.listLike && filterType !== 'idField' && filterType !== 'dedupeFields') {
			return failure('1003', `Invalid filterType '${filterType}'`);
		}
		const single =
			filterType === 'idField'
				? def.idField
				: filterType === 'dedupeFields'
					? def.dedupeFields[0]
					: filterType;
		if (filterType === 'dedupeFields' && def.dedupeFields.length > 1) {
			return failure('1003', 'A compound key is queried with a JSON input');
		}
		if (!def.searchableFields.some((k) => k.length === 1 && k[0] === single)) {
			return failure('1003', `Invalid filterType '${filterType}'`);
		}
		const values = csv(q.filterValues);
		if (values.length === 0) return failure('701', 'filterValues cannot be blank');
		if (values.length > BATCH) return failure('1003', 'Too many filterValues: at most 300');
		// In the store's order, not the order of filterValues (see the compound case above).
		for (const r of store.records) {
			if (values.some((value) => same(r[single], value))) {
				rows.push(this.project(r, fields, rows.length));
			}
		}
		return tokenPage(rows, q);
	}

	private sync(store: ObjectStore, request: SimRequest): SimResponse {
		if (!String(request.headers['content-type'] ?? '').includes('application/json')) {
			return failure('612', 'Invalid Content Type');
		}
		const def = store.def;
		const body = (request.body ?? {}) as Row;
		const action = String(body.action ?? (def.listLike ? 'createOnly' : 'createOrUpdate'));
		const actions = def.listLike
			? ['createOnly', 'updateOnly']
			: ['createOnly', 'updateOnly', 'createOrUpdate'];
		if (!actions.includes(action)) {
			return failure('1003', `Invalid action '${action}'`);
		}
		const dedupeBy = String(body.dedupeBy ?? 'dedupeFields');
		if (!['dedupeFields', 'idField'].includes(dedupeBy))
			return failure('1003', `Invalid dedupeBy '${dedupeBy}'`);
		if (
			action !== 'updateOnly' &&
			(dedupeBy === 'idField' || (def.dedupeByOnlyWithUpdateOnly && body.dedupeBy !== undefined))
		) {
			return failure('1003', 'dedupeBy is only valid with action updateOnly');
		}
		const input = body.input;
		if (!Array.isArray(input) || input.length === 0) return failure('701', 'input cannot be blank');
		if (input.length > BATCH) return failure('1003', 'Too many input records: at most 300');
		const key = dedupeBy === 'idField' ? [def.idField] : def.dedupeFields;
		const seen = new Set<string>();
		const result = (input as Row[]).map((record, seq): Row => {
			if (this.crmBlocks(store)) return skipped(seq, '1018', 'CRM Enabled');
			const unknown = Object.keys(record).find((f) => !def.fields.some((d) => d.name === f));
			if (unknown) return skipped(seq, '1006', `Field '${unknown}' not found`);
			const locked = Object.keys(record).find(
				(f) => !key.includes(f) && def.fields.some((d) => d.name === f && !d.updateable),
			);
			if (locked) return skipped(seq, '1001', `Field '${locked}' is not updateable`);
			const missing = key.find((f) => blank(record[f]));
			if (missing) return skipped(seq, '1002', `Missing value for required field '${missing}'`);
			const id = JSON.stringify(key.map((f) => String(record[f]).toLowerCase()));
			if (seen.has(id)) return skipped(seq, '1036', 'Duplicate object in input');
			seen.add(id);
			if (def === OPPORTUNITY_ROLE) {
				if (
					!this.opportunities.find(['externalOpportunityId'], record) ||
					!this.host.leads.has(Number(record.leadId))
				) {
					return skipped(seq, '1013', 'Referenced opportunity or lead not found');
				}
			}
			const existing = store.find(key, record);
			if (existing) {
				if (action === 'createOnly') return skipped(seq, '1017', 'Record already exists');
				Object.assign(existing, record, { updatedAt: nowIso() });
				return { seq, status: 'updated', [def.idField]: existing[def.idField] };
			}
			if (action === 'updateOnly') return skipped(seq, '1013', 'Record not found');
			const absent = def.requiredOnCreate.find((f) => blank(record[f]));
			if (absent) return skipped(seq, '1002', `Missing value for required field '${absent}'`);
			const created = store.add(def.listLike ? { ...record, type: 'default' } : record);
			return { seq, status: 'created', [def.idField]: created[def.idField] };
		});
		return ok(result);
	}

	private remove(store: ObjectStore, request: SimRequest): SimResponse {
		const def = store.def;
		const body = (request.body ?? {}) as Row;
		const deleteBy = String(body.deleteBy ?? 'dedupeFields');
		if (!['dedupeFields', 'idField'].includes(deleteBy))
			return failure('1003', `Invalid deleteBy '${deleteBy}'`);
		const input = body.input;
		if (!Array.isArray(input) || input.length === 0) return failure('701', 'input cannot be blank');
		if (input.length > BATCH) return failure('1003', 'Too many input records: at most 300');
		const key = deleteBy === 'idField' ? [def.idField] : def.dedupeFields;
		const result = (input as Row[]).map((record, seq): Row => {
			if (this.crmBlocks(store)) return skipped(seq, '1018', 'CRM Enabled');
			const given = Object.keys(record ?? {})
				.sort()
				.join(',');
			if (given !== [...key].sort().join(',')) {
				return skipped(seq, '1003', `Only the key (${key.join(', ')}) may be given`);
			}
			const index = store.records.findIndex((r) => key.every((f) => same(r[f], record[f])));
			if (index < 0) return skipped(seq, '1013', 'Record not found');
			const [gone] = store.records.splice(index, 1);
			return { seq, status: 'deleted', [def.idField]: gone[def.idField] };
		});
		return ok(result);
	}

	// ---- program members ------------------------------------------------------------------------

	private member(row: Row, programId: number): Row {
		return {
			...row,
			programId,
			statusName: row.progressionStatus,
			updatedAt: row.updatedAt ?? row.membershipDate,
		};
	}

	/**
	 * A named account list's members: `GET …/namedAccountList/{id}/namedAccounts.json` (token
	 * paging, `fields` of named accounts), `POST` the same path to add and `…/remove.json` to remove,
	 * each `input: [{marketoGUID}]`, at most 300.
	 */
	private routeListMembers(request: SimRequest, key: string): SimResponse | undefined {
		const m =
			/^(GET|POST) \/rest\/v1\/namedAccountList\/([^/]+)\/namedAccounts(\/remove)?\.json$/.exec(
				key,
			);
		if (!m) return undefined;
		const [, method, listId, remove] = m;
		if (method === 'GET' && remove) return undefined;
		if (!this.namedAccountLists.find(['marketoGUID'], { marketoGUID: listId })) {
			return failure('1013', `Named account list '${listId}' not found`);
		}
		const members = this.namedAccountListMembers.get(listId) ?? new Set<string>();
		this.namedAccountListMembers.set(listId, members);
		if (method === 'GET') {
			const q = paramsOf(request);
			const fields = this.fieldsOf(NAMED_ACCOUNT, q, [
				'marketoGUID',
				'name',
				'createdAt',
				'updatedAt',
			]);
			if (!Array.isArray(fields)) return fields;
			const rows = this.namedAccounts.records
				.filter((r) => members.has(String(r.marketoGUID)))
				.map((r, seq) => this.project(r, fields, seq));
			return tokenPage(rows, q);
		}
		if (!String(request.headers['content-type'] ?? '').includes('application/json')) {
			return failure('612', 'Invalid Content Type');
		}
		const input = ((request.body ?? {}) as Row).input;
		if (!Array.isArray(input) || input.length === 0) return failure('701', 'input cannot be blank');
		if (input.length > BATCH) return failure('1003', 'Too many input records: at most 300');
		const result = (input as Row[]).map((record, seq): Row => {
			const id = String(record?.marketoGUID ?? '');
			if (Object.keys(record ?? {}).join(',') !== 'marketoGUID' || !id) {
				return skipped(seq, '1003', 'Only marketoGUID may be given');
			}
			if (!this.namedAccounts.find(['marketoGUID'], { marketoGUID: id })) {
				return skipped(seq, '1013', 'Named account not found', { marketoGUID: id });
			}
			if (remove) {
				if (!members.delete(id)) {
					return skipped(seq, '1013', 'Named account not in list', { marketoGUID: id });
				}
				return { seq, marketoGUID: id, status: 'removed' };
			}
			members.add(id);
			return { seq, marketoGUID: id, status: 'added' };
		});
		return ok(result);
	}

	private routeMembers(request: SimRequest, key: string): SimResponse | undefined {
		if (key === 'GET /rest/v1/programs/members/describe.json') {
			return ok([
				{
					name: 'Program Member',
					description: 'Program membership of leads',
					dedupeFields: ['leadId', 'programId'],
					searchableFields: MEMBER_SEARCHABLE,
					fields: MEMBER_FIELDS,
				},
			]);
		}
		const m = /^(GET|POST) \/rest\/v1\/programs\/(\d+)\/members(\/status)?\.json$/.exec(key);
		if (!m) return undefined;
		const programId = Number(m[2]);
		const program = this.host.programs.find((p) => Number(p.id) === programId);
		const rows = this.host.memberships.get(programId);
		if (!program || !rows) return failure('1013', 'Program not found');
		if (m[1] === 'GET' && !m[3]) return this.queryMembers(programId, rows, paramsOf(request));
		if (m[1] === 'POST' && m[3]) return this.syncStatus(program, rows, (request.body ?? {}) as Row);
		if (m[1] === 'POST') return this.syncMemberData(rows, (request.body ?? {}) as Row);
		return undefined;
	}

	private queryMembers(programId: number, rows: Row[], q: Row): SimResponse {
		const filterType = String(q.filterType ?? '');
		if (!filterType) return failure('701', 'filterType cannot be blank');
		const fields = this.fieldsOf({ fields: MEMBER_FIELDS }, q, MEMBER_DEFAULT_FIELDS);
		if (!Array.isArray(fields)) return fields;
		const members = rows.map((row) => this.member(row, programId));
		if (filterType !== 'leadId' && members.length > this.memberQueryCap) {
			return failure(
				'1003',
				`Total membership size: ${members.length} exceeds the limit allowed ${this.memberQueryCap} for the filter type`,
			);
		}
		let matched: Array<{ row: Row; seq: number }> = [];
		if (filterType === 'updatedAt') {
			const start = Date.parse(String(q.startAt ?? ''));
			const end = Date.parse(String(q.endAt ?? ''));
			if (!q.startAt || !q.endAt) return failure('701', 'startAt and endAt cannot be blank');
			if (!Number.isFinite(start) || !Number.isFinite(end)) return failure('1001', 'Invalid date');
			if (end - start > SEVEN_DAYS_MS) return failure('1003', 'The updatedAt range exceeds 7 days');
			matched = members
				.filter((r) => {
					const at = Date.parse(String(r.updatedAt));
					return at >= start && at <= end;
				})
				.map((row) => ({ row, seq: 0 }));
		} else {
			if (!MEMBER_SEARCHABLE.some((k) => k[0] === filterType)) {
				return failure('1003', `Invalid filterType '${filterType}'`);
			}
			const values = csv(q.filterValues);
			if (values.length === 0) return failure('701', 'filterValues cannot be blank');
			if (values.length > BATCH) return failure('1003', 'Too many filterValues: at most 300');
			values.forEach((value, seq) => {
				for (const row of members) if (same(row[filterType], value)) matched.push({ row, seq });
			});
		}
		return tokenPage(
			matched.map(({ row, seq }) => this.project(row, fields, seq)),
			q,
		);
	}

	private syncStatus(program: Row, rows: Row[], body: Row): SimResponse {
		const statusName = String(body.statusName ?? '');
		if (!statusName) return failure('701', 'statusName cannot be blank');
		const statuses = CHANNEL_STATUSES[String(program.channel)] ?? ['Member'];
		if (!statuses.includes(statusName))
			return failure('1025', `Program status '${statusName}' not found`);
		const input = body.input;
		if (!Array.isArray(input) || input.length === 0) return failure('701', 'input cannot be blank');
		if (input.length > BATCH) return failure('1003', 'Too many input records: at most 300');
		const result = (input as Row[]).map((record, seq): Row => {
			const leadId = Number(record?.leadId);
			if (!this.host.leads.has(leadId)) return skipped(seq, '1004', 'Lead not found', { leadId });
			const row = rows.find((r) => Number(r.leadId) === leadId);
			if (!row) {
				const now = nowIso();
				rows.push({
					leadId,
					progressionStatus: statusName,
					reachedSuccess: false,
					membershipDate: now,
					updatedAt: now,
					acquiredBy: false,
					isExhausted: false,
					stream: '',
					nurtureCadence: '',
				});
				return { seq, leadId, status: 'created' };
			}
			if (statuses.indexOf(String(row.progressionStatus)) >= statuses.indexOf(statusName)) {
				return skipped(seq, '1037', 'Lead already in or past this status', { leadId });
			}
			Object.assign(row, { progressionStatus: statusName, updatedAt: nowIso() });
			return { seq, leadId, status: 'updated' };
		});
		return ok(result);
	}

	private syncMemberData(rows: Row[], body: Row): SimResponse {
		const input = body.input;
		if (!Array.isArray(input) || input.length === 0) return failure('701', 'input cannot be blank');
		if (input.length > BATCH) return failure('1003', 'Too many input records: at most 300');
		const result = (input as Row[]).map((record, seq): Row => {
			const leadId = Number(record?.leadId);
			const row = rows.find((r) => Number(r.leadId) === leadId);
			if (!row) return skipped(seq, '1013', 'Membership not found', { leadId });
			const bad = Object.keys(record).find(
				(f) => f !== 'leadId' && !MEMBER_FIELDS.some((d) => d.name === f && d.updateable),
			);
			if (bad)
				return skipped(seq, '1006', `Field '${bad}' not found or not updateable`, { leadId });
			Object.assign(row, record, { updatedAt: nowIso() });
			return { seq, leadId, status: 'updated' };
		});
		return ok(result);
	}
}
