/**
 * The marketing service's bulk API (../../../shared/reference/marketing-bulk-and-objects.md §1, §2
 * and §7), as strict as the reference: multipart uploads (parameters in the query or as form
 * fields), the 10 MB body limit (413), 2 jobs processing and 10 queued (1016 for imports, 1029 for
 * exports), 1019 for a list being imported to, `Complete` for imports and `Completed` for exports,
 * an export status refreshed at most every `statusRefreshMs` (60 s on the service), failures and
 * warnings files (404 when none), `Range` downloads (206), `sha256:` checksums, the 31-day date
 * limit, 1035 for filters the subscription lacks, and the 500 MB daily export quota (1029).
 *
 * Jobs have no timers: their state is worked out from the clock when asked (`advance`), so a test
 * that sets short durations runs fast and one that sets realistic ones behaves like the service.
 */
import { createHash, randomUUID } from 'node:crypto';

import type { MarketingService } from './marketing';
import type { SimRequest, SimResponse } from './server';

type Row = Record<string, unknown>;

export interface BulkOptions {
	/** Time from submit/enqueue to the start of processing when a slot is free (ms). */
	startupMs?: number;
	/** Rows an import or export processes per second. */
	rowsPerSecond?: number;
	/** An export's status is refreshed at most this often (the service: 60 s). */
	statusRefreshMs?: number;
	/** Daily export quota in bytes of file size (the service: 500 MB). */
	exportQuotaBytes?: number;
	/** Whether the subscription offers the `updatedAt` and smart-list lead filters (else 1035). */
	updatedAtFilter?: boolean;
}

/** The service's bulk body limit: "a maximum body size of 10 MB". */
export const BULK_BODY_LIMIT = 10 * 1024 * 1024;
const PROCESSING_SLOTS = 2;
const QUEUE_LIMIT = 10;
const MAX_RANGE_DAYS = 31;
const CSV_TYPE = 'text/csv;charset=UTF-8';
const IMPORT_FAILURE = 'Import Failure Reason';
const IMPORT_WARNING = 'Import Warning Reason';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type ImportKind = 'leads' | 'programMembers';
type ExportKind = 'leads' | 'activities' | 'program/members';

interface Slot {
	startAt?: number;
	finishAt?: number;
}

interface ImportJob extends Slot {
	kind: ImportKind;
	batchId: number;
	status: 'Queued' | 'Importing' | 'Complete' | 'Failed';
	queuedAt: number;
	header: string[];
	rows: string[][];
	delimiter: string;
	lookupField: string;
	listId?: number;
	programId?: number;
	programMemberStatus?: string;
	processed: number;
	failures: string[][];
	warnings: string[][];
	message: string;
	/** Another client's job (the CRM sync, another integration): it only takes its place. */
	otherClient?: { durationMs: number };
}

interface ExportJob extends Slot {
	kind: ExportKind;
	exportId: string;
	status: 'Created' | 'Queued' | 'Processing' | 'Completed' | 'Cancelled' | 'Failed';
	format: string;
	body: Row;
	createdAt: number;
	queuedAt?: number;
	file?: Buffer;
	numberOfRecords?: number;
	/** What the status call shows, refreshed at most every `statusRefreshMs`. */
	shown?: Row;
	shownAt?: number;
	day: string;
	errorMsg?: string;
}

const iso = (ms: number | undefined) =>
	ms === undefined ? undefined : new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
const delimiterOf = (format: string) =>
	format.toLowerCase() === 'tsv' ? '\t' : format.toLowerCase() === 'ssv' ? ';' : ',';
const text = (status: number, body: string, type = 'text/plain') => ({
	status,
	rawBody: body,
	headers: { 'content-type': type },
});

/**
 * One CSV cell: quoted when it holds the delimiter, a quote or a line break. Exports write empty
 * values as `null`; failures and warnings files echo the row as it came.
 */
function cell(value: unknown, delimiter: string, empty: string): string {
	if (value === undefined || value === null || value === '') return empty;
	const raw = typeof value === 'object' ? JSON.stringify(value) : String(value);
	return raw.includes(delimiter) || /["\r\n]/.test(raw) ? `"${raw.replace(/"/g, '""')}"` : raw;
}

export function writeDelimited(
	header: string[],
	rows: unknown[][],
	delimiter: string,
	empty = 'null',
): string {
	const lines = [header.map((h) => cell(h, delimiter, empty)).join(delimiter)];
	for (const row of rows) lines.push(row.map((v) => cell(v, delimiter, empty)).join(delimiter));
	return `${lines.join('\n')}\n`;
}

/** RFC 4180 rows (quoted cells, doubled quotes, CRLF or LF). */
export function parseDelimited(source: string, delimiter: string): string[][] {
	if (!source.includes('"')) {
		// Without quotes every line break ends a row and every delimiter a cell: the same rows, read
		// at native speed (a 10 MB file is parsed while the upload call waits).
		return source
			.split(/\r\n|\r|\n/)
			.map((line) => line.split(delimiter))
			.filter((r) => !(r.length === 1 && r[0] === ''));
	}
	const rows: string[][] = [];
	let row: string[] = [];
	let value = '';
	let quoted = false;
	for (let i = 0; i < source.length; i++) {
		const c = source[i];
		if (quoted) {
			if (c === '"' && source[i + 1] === '"') {
				value += '"';
				i++;
			} else if (c === '"') quoted = false;
			else value += c;
		} else if (c === '"' && value === '') quoted = true;
		else if (c === delimiter) {
			row.push(value);
			value = '';
		} else if (c === '\n' || c === '\r') {
			if (c === '\r' && source[i + 1] === '\n') i++;
			row.push(value);
			rows.push(row);
			row = [];
			value = '';
		} else value += c;
	}
	if (value !== '' || row.length > 0) {
		row.push(value);
		rows.push(row);
	}
	return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}

/** The parts of a `multipart/form-data` body: name → { filename?, content }. */
function parseMultipart(
	raw: string,
	contentType: string,
): Map<string, { filename?: string; content: string }> | undefined {
	const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
	if (!boundary) return undefined;
	const marker = `--${boundary[1] ?? boundary[2]}`;
	const parts = new Map<string, { filename?: string; content: string }>();
	const sections = raw.split(marker);
	if (sections.length < 3 || !sections[sections.length - 1].startsWith('--')) return undefined;
	for (const section of sections.slice(1, -1)) {
		const split = section.indexOf('\r\n\r\n');
		if (split < 0) return undefined;
		const head = section.slice(0, split);
		const name = /name="([^"]*)"/i.exec(head)?.[1];
		if (name === undefined) return undefined;
		const filename = /filename="([^"]*)"/i.exec(head)?.[1];
		parts.set(name, { filename, content: section.slice(split + 4, -2) });
	}
	return parts;
}

export class MarketingBulk {
	startupMs: number;
	rowsPerSecond: number;
	statusRefreshMs: number;
	exportQuotaBytes: number;
	updatedAtFilter: boolean;

	/** Export file answers still to damage in transit (one byte flipped): checksum tests. */
	damagedDownloads = 0;
	/**
	 * Export jobs that end as Failed instead of Completed, by creation order (0 = the first job),
	 * with the reason their status shows in `errorMsg`: the service can fail a queued job.
	 */
	readonly failingExports = new Map<number, string>();

	readonly imports: ImportJob[] = [];
	readonly exports: ExportJob[] = [];
	/** The most of the node's own import / export jobs ever open at once (other clients' not counted). */
	peakOpenImports = 0;
	peakOpenExports = 0;
	/**
	 * Starts no queued job until the node has had this many of its own jobs open at once (0: no
	 * hold). Tests of the node's open-job limit set it, so the peak they check does not depend on
	 * how fast a loaded machine uploads: the real service, too, may leave jobs queued that long.
	 */
	holdUntilOpen = 0;
	/** When the hold above ended: no held job starts earlier. */
	private releasedAt = 0;
	/** Bytes of export files made per day (UTC date here; the service resets at midnight US Central). */
	readonly exportedBytes = new Map<string, number>();
	private nextBatchId = 3400;

	/** The service's data and its REST answers (its private helpers, read by name). */
	private readonly host: {
		fields: Row[];
		leads: Map<number, Row>;
		lists: Map<number, Row & { members: Set<number> }>;
		programs: Row[];
		memberships: Map<number, Row[]>;
		activities: Row[];
		ok(result?: Row[], extra?: Row): SimResponse;
		failure(code: string, message: string): SimResponse;
		syncLeads(body: Row): SimResponse;
	};

	constructor(service: MarketingService, options: BulkOptions = {}) {
		this.host = {
			fields: service.fields,
			leads: service.leads,
			lists: service.lists,
			programs: service.programs,
			memberships: service.memberships,
			activities: service.activities,
			ok: (result, extra) => service['ok'](result, extra),
			failure: (code, message) => service['failure'](code, message),
			syncLeads: (body) => service['syncLeads'](body),
		};
		this.startupMs = options.startupMs ?? 2000;
		this.rowsPerSecond = options.rowsPerSecond ?? 2000;
		this.statusRefreshMs = options.statusRefreshMs ?? 60_000;
		this.exportQuotaBytes = options.exportQuotaBytes ?? 500 * 1024 * 1024;
		this.updatedAtFilter = options.updatedAtFilter ?? true;
	}

	route(request: SimRequest): SimResponse {
		const { method, path } = request;
		let m: RegExpExecArray | null;
		if (method === 'POST' && path === '/bulk/v1/leads.json') return this.submit(request, 'leads');
		if ((m = /^\/bulk\/v1\/program\/(\d+)\/members\/import\.json$/.exec(path)) && method === 'POST')
			return this.submit(request, 'programMembers', Number(m[1]));
		if (
			method === 'GET' &&
			(m =
				/^\/bulk\/v1\/(?:leads\/batch\/(\d+)|program\/members\/import\/(\d+))(?:\/(status|failures|warnings))?\.json$/.exec(
					path,
				))
		) {
			const kind: ImportKind = m[1] ? 'leads' : 'programMembers';
			// Lead status has no suffix (`batch/{id}.json`); program members' is `…/{id}/status.json`.
			if ((kind === 'leads' && m[3] === 'status') || (kind !== 'leads' && !m[3])) {
				return this.notFound();
			}
			return this.importView(kind, Number(m[1] ?? m[2]), m[3] ?? 'status');
		}
		m =
			/^\/bulk\/v1\/(leads|activities|program\/members)\/export(?:\/([^/]+)\/(enqueue|status|file|cancel)|\/(create)|)\.json$/.exec(
				path,
			);
		if (m) {
			const kind = m[1] as ExportKind;
			const action = m[3] ?? m[4] ?? 'list';
			const expected =
				action === 'status' || action === 'file' || action === 'list' ? 'GET' : 'POST';
			if (method !== expected) return this.notFound();
			if (action === 'create') return this.createExport(kind, request.body);
			if (action === 'list') return this.listExports(kind, request.query);
			return this.exportAction(kind, m[2], action, request);
		}
		return this.host.failure('610', 'Requested resource not found');
	}

	private notFound(): SimResponse {
		return this.host.failure('610', 'Requested resource not found');
	}

	// ---- import --------------------------------------------------------------------------------

	private param(request: SimRequest, parts: Map<string, { content: string }>, name: string) {
		return request.query.get(name) ?? parts.get(name)?.content;
	}

	private submit(request: SimRequest, kind: ImportKind, programId?: number): SimResponse {
		if (Buffer.byteLength(request.rawBody, 'utf8') > BULK_BODY_LIMIT) {
			return text(413, 'Request Entity Too Large');
		}
		const parts = parseMultipart(request.rawBody, String(request.headers['content-type'] ?? ''));
		const file = parts?.get('file');
		if (!parts || !file || file.filename === undefined) {
			return this.host.failure('609', 'Invalid JSON or multipart request: no file part');
		}
		const format = this.param(request, parts, 'format');
		const formats = kind === 'leads' ? ['csv', 'tsv', 'ssv'] : ['CSV', 'TSV', 'SSV'];
		if (format === undefined) return this.host.failure('1003', 'format cannot be blank');
		if (!formats.includes(format)) return this.host.failure('1003', `Invalid format '${format}'`);
		const delimiter = delimiterOf(format);
		const table = parseDelimited(file.content, delimiter);
		if (table.length === 0) return this.host.failure('1003', 'Empty File');
		const [header, ...rows] = table;
		const known = new Set(this.host.fields.map((f) => String(f.name)));
		const unknown = header.find((h) => !known.has(h));
		if (unknown !== undefined) {
			return this.host.failure('1003', `Invalid header field name: '${unknown}'`);
		}
		const lookupField = this.param(request, parts, 'lookupField') ?? 'email';
		if (kind === 'leads' && !known.has(lookupField)) {
			return this.host.failure('1003', `Invalid lookup field '${lookupField}'`);
		}
		let listId: number | undefined;
		const listParam = this.param(request, parts, 'listId');
		if (listParam !== undefined) {
			listId = Number(listParam);
			if (!this.host.lists.has(listId)) return this.host.failure('1003', 'Static list not found');
		}
		const status = this.param(request, parts, 'programMemberStatus');
		if (kind === 'programMembers') {
			if (!this.host.programs.some((p) => p.id === programId)) {
				return this.host.failure('1003', `Program '${programId}' not found`);
			}
			if (!status) return this.host.failure('1003', 'programMemberStatus cannot be blank');
			if (!header.includes('email')) {
				return this.host.failure('1003', "Missing required header field 'email'");
			}
		}
		const now = Date.now();
		this.advance(now);
		const open = this.imports.filter((j) => j.status === 'Queued' || j.status === 'Importing');
		if (open.length >= QUEUE_LIMIT) {
			return this.host.failure(
				'1016',
				'There are 10 imports currently being processed. Please try again later',
			);
		}
		if (listId !== undefined && open.some((j) => j.listId === listId)) {
			return this.host.failure('1019', 'The target list is already being imported to');
		}
		const batchId = this.nextBatchId++;
		const ownOpen = open.filter((j) => !j.otherClient).length + 1;
		this.peakOpenImports = Math.max(this.peakOpenImports, ownOpen);
		this.releaseHold(now);
		this.imports.push({
			kind,
			batchId,
			status: 'Queued',
			queuedAt: now,
			header,
			rows,
			delimiter,
			lookupField,
			listId,
			programId,
			programMemberStatus: status,
			processed: 0,
			failures: [],
			warnings: [],
			message: '',
		});
		return this.host.ok([{ batchId, importId: String(batchId), status: 'Queued' }]);
	}

	/**
	 * Queues `count` import jobs of other clients of the instance, each processing for `durationMs`:
	 * the service keeps one queue (10) and 2 processing slots for every integration.
	 */
	queueOtherClientImports(count: number, durationMs: number) {
		const now = Date.now();
		this.advance(now);
		for (let n = 0; n < count; n++) {
			this.imports.push({
				kind: 'leads',
				batchId: this.nextBatchId++,
				status: 'Queued',
				queuedAt: now,
				header: [],
				rows: [],
				delimiter: ',',
				lookupField: 'email',
				processed: 0,
				failures: [],
				warnings: [],
				message: '',
				otherClient: { durationMs },
			});
		}
	}

	private importView(kind: ImportKind, batchId: number, view: string): SimResponse {
		this.advance(Date.now());
		const job = this.imports.find(
			(j) => j.batchId === batchId && j.kind === kind && !j.otherClient,
		);
		if (!job) return this.host.failure('1003', `Batch '${batchId}' not found`);
		if (view === 'status') {
			const done = job.status === 'Complete' || job.status === 'Failed';
			return this.host.ok([
				{
					batchId,
					importId: String(batchId),
					status: job.status,
					numOfLeadsProcessed: done ? job.processed : 0,
					numOfRowsFailed: done ? job.failures.length : 0,
					numOfRowsWithWarning: done ? job.warnings.length : 0,
					message: job.message,
				},
			]);
		}
		const rows = view === 'failures' ? job.failures : job.warnings;
		if (job.status !== 'Complete' || rows.length === 0) return text(404, 'Not Found');
		const header = [...job.header, view === 'failures' ? IMPORT_FAILURE : IMPORT_WARNING];
		return text(200, writeDelimited(header, rows, job.delimiter, ''), CSV_TYPE);
	}

	/** Runs one finished import against the lead database: per row imported, failed or warned. */
	private applyImport(job: ImportJob) {
		const types = new Map(this.host.fields.map((f) => [String(f.name), f]));
		const members = job.programId ? (this.host.memberships.get(job.programId) ?? []) : [];
		// The rows that pass the checks are written as the REST sync writes them, 300 per call (the
		// same result per row as one call each, in order), then counted in row order.
		const checked: Array<{ row: string[]; record?: Row; failure?: string; warning?: string }> = [];
		const lookup = job.kind === 'leads' ? job.lookupField : 'email';
		for (const row of job.rows) {
			const record: Row = {};
			let failure: string | undefined;
			let warning: string | undefined;
			job.header.forEach((name, index) => {
				const raw = row[index];
				if (raw === undefined || raw === '' || raw === 'null') return;
				const field = types.get(name);
				if (field?.dataType === 'integer') {
					if (!/^-?\d+$/.test(raw)) failure ??= `Invalid data type in field ${field.displayName}`;
					else record[name] = Number(raw);
				} else if (field?.dataType === 'boolean') record[name] = raw === 'true' || raw === '1';
				else record[name] = raw;
			});
			if (row.length !== job.header.length) failure ??= 'Incorrect number of fields in row';
			if (!failure && record.email !== undefined && !EMAIL.test(String(record.email))) {
				warning = 'Invalid email address';
				delete record.email;
			}
			if (!failure && (record[lookup] === undefined || (warning && lookup === 'email'))) {
				failure = `Value for lookup field '${lookup}' not found`;
			}
			checked.push(failure ? { row, failure } : { row, record, warning });
		}
		const action = lookup === 'id' ? 'updateOnly' : 'createOrUpdate';
		const results: Row[] = [];
		const toSync = checked.filter((c) => c.record);
		for (let at = 0; at < toSync.length; at += 300) {
			const input = toSync.slice(at, at + 300).map((c) => c.record!);
			const answer = this.host.syncLeads({ input, lookupField: lookup, action });
			results.push(...((answer.body as Row).result as Row[]));
		}
		let synced = 0;
		for (const { row, record, warning, ...check } of checked) {
			let failure = check.failure;
			let leadId: number | undefined;
			if (record) {
				const result = results[synced++];
				if (result.status === 'skipped') {
					failure = String((result.reasons as Row[])[0].message);
				} else leadId = Number(result.id);
			}
			if (failure) {
				job.failures.push([...row, failure]);
				continue;
			}
			if (warning) job.warnings.push([...row, warning]);
			job.processed++;
			if (job.listId !== undefined) this.host.lists.get(job.listId)?.members.add(leadId!);
			if (job.programId) {
				const existing = members.find((m) => m.leadId === leadId);
				if (existing) existing.progressionStatus = job.programMemberStatus;
				else
					members.push({
						leadId,
						progressionStatus: job.programMemberStatus,
						reachedSuccess: false,
						membershipDate: iso(job.finishAt),
						acquiredBy: false,
						isExhausted: false,
						stream: '',
						nurtureCadence: '',
					});
			}
		}
		if (job.programId) this.host.memberships.set(job.programId, members);
		const failed = job.failures.length;
		const warned = job.warnings.length;
		const imported = `${job.processed} records imported (${job.processed} members)`;
		job.message =
			failed > 0
				? `Import completed with errors, ${imported}, ${failed} failed`
				: warned > 0
					? `Import succeeded, ${imported}, ${warned} warning.`
					: `Import succeeded, ${imported}`;
		job.status = 'Complete';
		job.rows = [];
	}

	// ---- processing slots ------------------------------------------------------------------------

	private durationOf(rows: number) {
		return this.startupMs + Math.ceil((rows / this.rowsPerSecond) * 1000);
	}

	private releaseHold(now: number) {
		if (this.holdUntilOpen === 0) return;
		if (Math.max(this.peakOpenImports, this.peakOpenExports) < this.holdUntilOpen) return;
		this.holdUntilOpen = 0;
		this.releasedAt = now;
	}

	/**
	 * Moves every job to where it is at `now`: at most two process at once (imports and exports
	 * share the service's two slots here), in FIFO order, each for its start-up time plus its rows.
	 */
	advance(now: number) {
		const slotsFreeAt: number[] = [];
		const running = [
			...this.imports.filter((j) => j.status === 'Importing'),
			...this.exports.filter((j) => j.status === 'Processing'),
		];
		for (const job of running) slotsFreeAt.push(job.finishAt!);
		for (;;) {
			// Finish the earliest job that is done by now.
			const active = [
				...this.imports.filter((j) => j.status === 'Importing'),
				...this.exports.filter((j) => j.status === 'Processing'),
			].sort((a, b) => a.finishAt! - b.finishAt!);
			const done = active.find((j) => j.finishAt! <= now);
			if (active.length < PROCESSING_SLOTS && this.holdUntilOpen === 0) {
				const waiting = [
					...this.imports.filter((j) => j.status === 'Queued'),
					...this.exports.filter((j) => j.status === 'Queued'),
				].sort((a, b) => a.queuedAt! - b.queuedAt!);
				const next = waiting[0];
				if (next) {
					const freeAt = slotsFreeAt.length >= PROCESSING_SLOTS ? Math.min(...slotsFreeAt) : 0;
					const startAt = Math.max(next.queuedAt!, freeAt, this.releasedAt);
					if (startAt <= now) {
						const index = slotsFreeAt.indexOf(freeAt);
						if (index >= 0) slotsFreeAt.splice(index, 1);
						next.startAt = startAt;
						if ('batchId' in next) {
							next.status = 'Importing';
							next.finishAt =
								startAt + (next.otherClient?.durationMs ?? this.durationOf(next.rows.length));
						} else {
							next.status = 'Processing';
							this.buildExport(next);
							next.finishAt = startAt + this.durationOf(next.numberOfRecords ?? 0);
						}
						slotsFreeAt.push(next.finishAt);
						continue;
					}
				}
			}
			if (!done) break;
			if ('batchId' in done && done.otherClient) done.status = 'Complete';
			else if ('batchId' in done) this.applyImport(done);
			else this.completeExport(done);
		}
	}

	// ---- export --------------------------------------------------------------------------------

	private today(now = Date.now()) {
		return new Date(now).toISOString().slice(0, 10);
	}

	private quotaSpent(now = Date.now()) {
		return (this.exportedBytes.get(this.today(now)) ?? 0) >= this.exportQuotaBytes;
	}

	private quotaFailure() {
		return this.host.failure(
			'1029',
			`Export daily quota ${Math.round(this.exportQuotaBytes / 1024 / 1024)}MB exceeded.`,
		);
	}

	private checkRange(name: string, range: unknown): string | undefined {
		const r = range as Row | undefined;
		const start = Date.parse(String(r?.startAt));
		const end = Date.parse(String(r?.endAt));
		if (!r || Number.isNaN(start) || Number.isNaN(end)) return `Invalid ${name} filter`;
		if (end < start) return `${name}.endAt must not be before ${name}.startAt`;
		if (end - start > MAX_RANGE_DAYS * 86_400_000) {
			return `Date range of ${name} filter exceeds ${MAX_RANGE_DAYS} days`;
		}
		return undefined;
	}

	private createExport(kind: ExportKind, raw: unknown): SimResponse {
		const body = (raw ?? {}) as Row;
		const format = String(body.format ?? 'CSV');
		if (!['CSV', 'TSV', 'SSV'].includes(format)) {
			return this.host.failure('1003', `Invalid format '${format}'`);
		}
		const filter = (body.filter ?? {}) as Row;
		const keys = Object.keys(filter);
		const known = new Set(this.host.fields.map((f) => String(f.name)));
		if (kind === 'leads') {
			const fields = body.fields as unknown[];
			if (!Array.isArray(fields) || fields.length === 0) {
				return this.host.failure('1003', 'fields cannot be blank');
			}
			const bad = fields.find((f) => !known.has(String(f)));
			if (bad !== undefined) return this.host.failure('1003', `Invalid field '${String(bad)}'`);
			const allowed = [
				'createdAt',
				'updatedAt',
				'staticListName',
				'staticListId',
				'smartListName',
				'smartListId',
			];
			if (keys.length !== 1 || !allowed.includes(keys[0])) {
				return this.host.failure('1003', `Exactly one filter of ${allowed.join(', ')} is required`);
			}
			if (
				!this.updatedAtFilter &&
				['updatedAt', 'smartListName', 'smartListId'].includes(keys[0])
			) {
				return this.host.failure('1035', 'Unsupported filter type for target subscription');
			}
			if (keys[0] === 'createdAt' || keys[0] === 'updatedAt') {
				const problem = this.checkRange(keys[0], filter[keys[0]]);
				if (problem) return this.host.failure('1003', problem);
			}
			if (keys[0] === 'staticListId' && !this.host.lists.has(Number(filter.staticListId))) {
				return this.host.failure('1003', 'Static list not found');
			}
			if (keys[0].startsWith('smartList')) {
				return this.host.failure('1003', 'Smart list not found');
			}
		} else if (kind === 'activities') {
			const problem = this.checkRange('createdAt', filter.createdAt);
			if (problem) return this.host.failure('1003', problem);
			const ids = filter.activityTypeIds;
			if (ids !== undefined && (!Array.isArray(ids) || ids.some((id) => !Number.isInteger(id)))) {
				return this.host.failure('1003', 'activityTypeIds must be a list of integers');
			}
			// "Delete Lead" is not supported by the activity extract (reference §2.3).
			if (Array.isArray(ids) && ids.includes(37)) {
				return this.host.failure('1003', 'Activity type id 37 (Delete Lead) is not supported');
			}
			const byIds = filter.primaryAttributeValueIds;
			const byNames = filter.primaryAttributeValues;
			if (byIds !== undefined && byNames !== undefined) {
				return this.host.failure(
					'1003',
					'primaryAttributeValueIds and primaryAttributeValues cannot be used together',
				);
			}
			const primary = byIds ?? byNames;
			if (primary !== undefined) {
				if (!Array.isArray(primary) || primary.length === 0 || primary.length > 50) {
					return this.host.failure('1003', 'At most 50 primary attribute values are allowed');
				}
				if (byIds !== undefined && primary.some((id) => !Number.isInteger(id))) {
					return this.host.failure('1003', 'primaryAttributeValueIds must be a list of integers');
				}
				if (!Array.isArray(ids) || ids.length === 0) {
					return this.host.failure(
						'1003',
						'activityTypeIds is required with a primary attribute value filter',
					);
				}
			}
		} else {
			const fields = body.fields as unknown[];
			if (!Array.isArray(fields) || fields.length === 0) {
				return this.host.failure('1003', 'fields cannot be blank');
			}
			if (filter.programId === undefined && filter.programIds === undefined) {
				return this.host.failure('1003', 'programId or programIds is required');
			}
			// An unknown status name is refused (reference §2.4); names of the program's members here.
			const names = filter.statusNames;
			if (names !== undefined) {
				const programIds = (filter.programIds as number[] | undefined) ?? [
					Number(filter.programId),
				];
				const known = new Set(
					programIds.flatMap((id) =>
						(this.host.memberships.get(id) ?? []).map((m) => String(m.progressionStatus)),
					),
				);
				const unknown = Array.isArray(names)
					? names.find((name) => !known.has(String(name)))
					: names;
				if (unknown !== undefined) {
					return this.host.failure('1003', `Invalid status name '${String(unknown)}'`);
				}
			}
			if (filter.updatedAt !== undefined) {
				const problem = this.checkRange('updatedAt', filter.updatedAt);
				if (problem) return this.host.failure('1003', problem);
			}
		}
		if (this.quotaSpent()) return this.quotaFailure();
		const now = Date.now();
		const job: ExportJob = {
			kind,
			exportId: randomUUID(),
			status: 'Created',
			format,
			body,
			createdAt: now,
			day: this.today(now),
		};
		this.exports.push(job);
		return this.host.ok([
			{ exportId: job.exportId, format, status: 'Created', createdAt: iso(now) },
		]);
	}

	private exportAction(
		kind: ExportKind,
		exportId: string,
		action: string,
		request: SimRequest,
	): SimResponse {
		const now = Date.now();
		this.advance(now);
		const job = this.exports.find((j) => j.exportId === exportId && j.kind === kind);
		if (action === 'file') {
			if (!job || job.status !== 'Completed' || !job.file) return text(404, 'File not found');
			const answer = this.fileAnswer(job.file, request.headers.range);
			if (this.damagedDownloads > 0 && Buffer.isBuffer(answer.rawBody)) {
				this.damagedDownloads--;
				const damaged = Buffer.from(answer.rawBody);
				damaged[0] ^= 0x20;
				answer.rawBody = damaged;
			}
			return answer;
		}
		if (!job) return this.host.failure('1003', `Export id '${exportId}' not found`);
		if (action === 'enqueue') {
			if (job.status !== 'Created') return this.host.failure('1029', 'Job already queued');
			if (this.quotaSpent(now)) return this.quotaFailure();
			const queued = this.exports.filter((j) => j.status === 'Queued' || j.status === 'Processing');
			if (queued.length >= QUEUE_LIMIT) {
				return this.host.failure('1029', `Too many jobs (${QUEUE_LIMIT}) in queue`);
			}
			job.status = 'Queued';
			job.queuedAt = now;
			this.peakOpenExports = Math.max(this.peakOpenExports, queued.length + 1);
			this.releaseHold(now);
			this.advance(now);
			return this.host.ok([this.statusOf(job)]);
		}
		if (action === 'cancel') {
			if (job.status === 'Completed' || job.status === 'Failed') {
				return this.host.failure('1003', `Cannot cancel a job that is ${job.status}`);
			}
			job.status = 'Cancelled';
			job.shown = undefined;
			return this.host.ok([this.statusOf(job)]);
		}
		// status: the service refreshes what it reports at most every statusRefreshMs.
		if (!job.shown || now - job.shownAt! >= this.statusRefreshMs) {
			job.shown = this.statusOf(job);
			job.shownAt = now;
		}
		return this.host.ok([job.shown]);
	}

	private statusOf(job: ExportJob): Row {
		const done = job.status === 'Completed';
		const status: Row = {
			exportId: job.exportId,
			format: job.format,
			status: job.status,
			createdAt: iso(job.createdAt),
		};
		if (job.queuedAt) status.queuedAt = iso(job.queuedAt);
		if (job.errorMsg) status.errorMsg = job.errorMsg;
		if (job.startAt !== undefined && job.status !== 'Queued') status.startedAt = iso(job.startAt);
		if (done) {
			status.finishedAt = iso(job.finishAt);
			status.numberOfRecords = job.numberOfRecords;
			status.fileSize = job.file!.length;
			status.fileChecksum = `sha256:${createHash('sha256').update(job.file!).digest('hex')}`;
		}
		return status;
	}

	private fileAnswer(file: Buffer, range: string | undefined): SimResponse {
		const type = { 'content-type': CSV_TYPE, 'accept-ranges': 'bytes' };
		if (!range) return { status: 200, rawBody: file, headers: type } as unknown as SimResponse;
		const m = /^bytes=(\d+)-(\d*)$/.exec(range);
		const first = m ? Number(m[1]) : NaN;
		const last = m && m[2] !== '' ? Math.min(Number(m[2]), file.length - 1) : file.length - 1;
		if (!m || first > last || first >= file.length) {
			return {
				status: 416,
				rawBody: 'Requested Range Not Satisfiable',
				headers: { 'content-type': 'text/plain', 'content-range': `bytes */${file.length}` },
			};
		}
		return {
			status: 206,
			rawBody: file.subarray(first, last + 1),
			headers: {
				...type,
				'content-length': String(last - first + 1),
				'content-range': `bytes ${first}-${last}/${file.length}`,
			},
		} as unknown as SimResponse;
	}

	/** The rows the export will hold, fixed when processing starts. */
	private buildExport(job: ExportJob) {
		const delimiter = delimiterOf(job.format);
		const filter = (job.body.filter ?? {}) as Row;
		const within = (value: unknown, range: unknown) => {
			const r = range as Row;
			const t = Date.parse(String(value));
			// The service's date filters include both ends.
			return t >= Date.parse(String(r.startAt)) && t <= Date.parse(String(r.endAt));
		};
		let header: string[];
		let rows: unknown[][];
		if (job.kind === 'leads') {
			header = (job.body.fields as string[]).map(String);
			let leads = [...this.host.leads.values()];
			if (filter.createdAt) leads = leads.filter((l) => within(l.createdAt, filter.createdAt));
			if (filter.updatedAt) leads = leads.filter((l) => within(l.updatedAt, filter.updatedAt));
			if (filter.staticListId !== undefined || filter.staticListName !== undefined) {
				const list = [...this.host.lists.values()].find(
					(l) => l.id === Number(filter.staticListId) || l.name === filter.staticListName,
				);
				leads = leads.filter((l) => list?.members.has(Number(l.id)));
			}
			rows = leads.map((lead) => header.map((name) => lead[name]));
		} else if (job.kind === 'activities') {
			const fields = Array.isArray(job.body.fields)
				? (job.body.fields as string[])
				: [
						'marketoGUID',
						'leadId',
						'activityDate',
						'activityTypeId',
						'campaignId',
						'primaryAttributeValueId',
						'primaryAttributeValue',
						'attributes',
					];
			header = fields;
			const types = filter.activityTypeIds as number[] | undefined;
			rows = this.host.activities
				.filter((a) => within(a.activityDate, filter.createdAt))
				.filter((a) => !types || types.includes(Number(a.activityTypeId)))
				.filter((a) => {
					const ids = filter.primaryAttributeValueIds as number[] | undefined;
					const names = filter.primaryAttributeValues as string[] | undefined;
					if (ids) return ids.includes(Number(a.primaryAttributeValueId));
					if (names) return names.includes(String(a.primaryAttributeValue));
					return true;
				})
				.map((a) =>
					fields.map((name) =>
						name === 'attributes'
							? Object.fromEntries(((a.attributes ?? []) as Row[]).map((x) => [x.name, x.value]))
							: a[name],
					),
				);
		} else {
			const ids = (filter.programIds as number[] | undefined) ?? [Number(filter.programId)];
			header = [...(filter.programIds ? ['programId'] : []), ...(job.body.fields as string[])];
			rows = [];
			for (const programId of ids) {
				const statuses = filter.statusNames as string[] | undefined;
				for (const member of this.host.memberships.get(programId) ?? []) {
					if (statuses && !statuses.includes(String(member.progressionStatus))) continue;
					const lead = this.host.leads.get(Number(member.leadId)) ?? {};
					const record: Row = {
						...lead,
						...member,
						programId,
						statusName: member.progressionStatus,
					};
					rows.push(header.map((name) => record[name]));
				}
			}
		}
		job.numberOfRecords = rows.length;
		job.file = Buffer.from(writeDelimited(header, rows, delimiter), 'utf8');
	}

	private completeExport(job: ExportJob) {
		const failure = this.failingExports.get(this.exports.indexOf(job));
		if (failure !== undefined) {
			job.status = 'Failed';
			job.errorMsg = failure;
			return;
		}
		job.status = 'Completed';
		const day = this.today(job.finishAt);
		this.exportedBytes.set(day, (this.exportedBytes.get(day) ?? 0) + job.file!.length);
	}

	private listExports(kind: ExportKind, query: URLSearchParams): SimResponse {
		this.advance(Date.now());
		const size = Number(query.get('batchSize') ?? 300);
		if (!Number.isInteger(size) || size < 1 || size > 300) {
			return this.host.failure('1003', 'batchSize must be between 1 and 300');
		}
		const wanted = query.getAll('status').flatMap((s) => s.split(',').map((x) => x.toLowerCase()));
		const weekAgo = Date.now() - 7 * 86_400_000;
		const jobs = this.exports.filter(
			(j) =>
				j.kind === kind &&
				j.createdAt >= weekAgo &&
				(wanted.length === 0 || wanted.includes(j.status.toLowerCase())),
		);
		const offset = Number(query.get('nextPageToken') ?? 0) || 0;
		const page = jobs.slice(offset, offset + size).map((j) => this.statusOf(j));
		const extra: Row = {};
		if (offset + size < jobs.length) extra.nextPageToken = String(offset + size);
		return this.host.ok(page, extra);
	}
}
