import { randomUUID } from 'node:crypto';

import { agentPlatformWorkContract } from '../contracts/agentPlatformWork';
import type { AdminService, CallRecord } from './admin';
import type { SimRequest, SimResponse, SimulatorModule } from './server';
import { reply } from './server';

/**
 * The platform's workforces, knowledge tables and conversation listing (issue 46), written from
 * its contract (`test/contracts/agentPlatformWork.ts`). It shares the admin module's keys,
 * projects and agent conversations, and claims its paths before the admin module does.
 *
 * A workforce runs for `workforceRunMs`; a workforce seeded with a `knowledgeSet` answers from
 * that table's rows (how many there are and the sum of a numeric field it names).
 */

export interface WorkforceSeed {
	id: string;
	name: string;
	project: string;
	description?: string;
	/** A knowledge table its agents read, and the numeric field of its rows they add up. */
	knowledgeSet?: string;
	sumField?: string;
}

export interface AgentWorkSeed {
	workforces?: WorkforceSeed[];
	workforceRunMs?: number;
}

interface WorkforceTask {
	id: string;
	workforceId: string;
	project: string;
	createdAt: number;
	messages: Array<{ at: number; content: string; endAt: number }>;
}

type ConversationTask = AdminService['runs']['tasks'] extends Map<string, infer T> ? T : never;

interface Row {
	document_id: string;
	data: Record<string, unknown>;
	insert_date_: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export const DEMO_WORKFORCES: WorkforceSeed[] = [
	{
		id: 'wf-accounts',
		name: 'Account review',
		description: 'Reviews the accounts of a knowledge table',
		project: 'proj-demo',
		knowledgeSet: 'accounts',
		sumField: 'revenue',
	},
	{ id: 'wf-outreach', name: 'Outreach team', project: 'proj-demo' },
];

export class AgentWorkService implements SimulatorModule {
	readonly name = 'agentWork';
	readonly contract = agentPlatformWorkContract;
	readonly calls: CallRecord[] = [];
	readonly workforces: WorkforceSeed[];
	readonly tasks = new Map<string, WorkforceTask>();
	/** Knowledge tables by project and name: their rows in insertion order. */
	readonly tables = new Map<string, Map<string, Row[]>>();
	workforceRunMs: number;
	/** The most records on one page of a listing, whatever `page_size` asked. */
	pageCap = 1000;
	private counter = 0;

	constructor(
		private readonly admin: AdminService,
		seed: AgentWorkSeed = {},
	) {
		this.workforces = seed.workforces ?? DEMO_WORKFORCES;
		this.workforceRunMs = seed.workforceRunMs ?? 3000;
	}

	handles(path: string): boolean {
		return (
			path.startsWith('/latest/workforce/') ||
			path.startsWith('/latest/knowledge/') ||
			path === '/latest/mas/list' ||
			path === '/latest/agents/conversations/list' ||
			/^\/latest\/agents\/[^/]+\/conversations(\/[^/]+)?$/.test(path)
		);
	}

	snapshot() {
		return {
			calls: this.calls.length,
			workforceTasks: this.tasks.size,
			tables: Object.fromEntries(
				[...this.tables].map(([project, sets]) => [
					project,
					Object.fromEntries([...sets].map(([name, rows]) => [name, rows.length])),
				]),
			),
		};
	}

	/** `POST /__sim/agentWork/timing` `{workforceRunMs}`. */
	control(action: string, body: unknown): SimResponse {
		if (action !== 'timing') return reply(404, { message: `No control ${action}` });
		Object.assign(this, { workforceRunMs: (body as { workforceRunMs?: number }).workforceRunMs });
		return reply(200, {});
	}

	/** The service's own refusal of a request its schema does not allow. */
	refuse(problems: string[]): SimResponse {
		return this.error(422, problems.join('; '), 'validation_error');
	}

	handle(request: SimRequest): SimResponse {
		const response = this.route(request);
		this.calls.push({
			method: request.method,
			path: request.path,
			authorization: request.headers.authorization,
			body: request.body,
			status: response.status,
		});
		return response;
	}

	/** The rows of one table of a project (created empty on first use when `create`). */
	table(project: string, name: string, create = false): Row[] | undefined {
		let sets = this.tables.get(project);
		if (!sets && create) this.tables.set(project, (sets = new Map()));
		let rows = sets?.get(name);
		if (!rows && create && sets) sets.set(name, (rows = []));
		return rows;
	}

	private error(status: number, message: string, errorType: string): SimResponse {
		const requestId = `req-w${String(++this.counter).padStart(6, '0')}`;
		return reply(
			status,
			{ message, error_type: errorType, error_audience: 'platform' },
			{ 'x-request-id': requestId, error_id: requestId },
		);
	}

	/** The project of a valid `[Bearer ]<project>:<key>` header, as the admin module checks it. */
	private projectOf(header: string | undefined): string | undefined {
		const token = (header ?? '').replace(/^Bearer\s+/i, '');
		const separator = token.indexOf(':');
		if (separator < 0) return undefined;
		const key = this.admin.apiKeys.get(token.slice(separator + 1));
		const project = this.admin.projects.get(token.slice(0, separator));
		return key && project && project.organization_id === key.organizationId
			? project.project_id
			: undefined;
	}

	private route(request: SimRequest): SimResponse {
		const project = this.projectOf(request.headers.authorization);
		if (!project)
			return this.error(401, 'Invalid API key or authorization header.', 'unauthorized');
		const path = request.path.slice('/latest'.length);
		const body = (request.body ?? {}) as Record<string, unknown>;
		const now = Date.now();
		const { method } = request;
		if (path.startsWith('/knowledge/')) return this.knowledge(path, body, project, now);
		if (method === 'POST' && path === '/mas/list') {
			const mine = this.workforces.filter((w) => w.project === project);
			return reply(200, {
				results: this.page(mine, body.page, body.page_size).map((w) => ({
					document_id: w.id,
					project: w.project,
					data: { name: w.name, description: w.description ?? '', type: 'default' },
				})),
			});
		}
		if (method === 'POST' && path === '/workforce/trigger') return this.trigger(body, project, now);
		if (method === 'POST' && path === '/workforce/tasks/list') {
			const workforce = this.workforceOf(String(body.workforce_id), project);
			if (!workforce) return this.notFound('Workforce', String(body.workforce_id));
			const query = typeof body.query === 'string' ? body.query.toLowerCase() : '';
			const all = [...this.tasks.values()]
				.filter((t) => t.workforceId === workforce.id)
				.filter((t) => !query || t.messages[0].content.toLowerCase().includes(query))
				.sort((a, b) => b.createdAt - a.createdAt);
			const start = typeof body.cursor === 'string' ? Number(body.cursor.slice(1)) : 0;
			if (!Number.isInteger(start) || start < 0)
				return this.error(422, 'The cursor is not valid.', 'validation_error');
			const size = Math.min(Number(body.page_size ?? 20), this.pageCap);
			const slice = all.slice(start, start + size);
			return reply(200, {
				results: slice.map((t) => this.taskRecord(t, now)),
				...(start + size < all.length ? { next_cursor: `c${start + size}` } : {}),
			});
		}
		const metadata = /^\/workforce\/tasks\/([^/]+)\/metadata$/.exec(path);
		if (method === 'GET' && metadata) {
			const task = this.taskOf(decodeURIComponent(metadata[1]), project);
			if (!task) return this.notFound('Workforce task', metadata[1]);
			const record = this.taskRecord(task, now);
			return reply(200, {
				metadata: {
					insert_date: record.insert_date,
					update_date: record.update_date,
					title: record.title,
					requested_state: record.requested_state,
					state: record.state,
					workforce_id: task.workforceId,
				},
			});
		}
		const messages = /^\/workforce\/items\/([^/]+)\/tasks\/([^/]+)\/messages$/.exec(path);
		if (method === 'POST' && messages) {
			const task = this.taskOf(decodeURIComponent(messages[2]), project);
			if (!task || task.workforceId !== decodeURIComponent(messages[1]))
				return this.notFound('Workforce task', messages[2]);
			return reply(200, {
				results: this.messagesOf(task, now).slice(0, Number(body.page_size ?? 20)),
			});
		}
		const item = /^\/workforce\/items\/([^/]+)$/.exec(path);
		if (method === 'GET' && item) {
			const workforce = this.workforceOf(decodeURIComponent(item[1]), project);
			if (!workforce) return this.notFound('Workforce', item[1]);
			return reply(200, { id: workforce.id, workforce_metadata: { name: workforce.name } });
		}
		if (method === 'GET' && path === '/agents/conversations/list')
			return this.conversations(request, project, now);
		const deletion = /^\/agents\/([^/]+)\/conversations(?:\/([^/]+))?$/.exec(path);
		if (method === 'DELETE' && deletion) {
			const agentId = decodeURIComponent(deletion[1]);
			const ids = deletion[2]
				? [decodeURIComponent(deletion[2])]
				: (body.conversation_ids as string[]);
			const tasks = this.admin.runs.tasks;
			const missing = ids.filter((cid) => {
				const task = tasks.get(cid);
				return !task || task.agentId !== agentId || task.project !== project;
			});
			if (missing.length > 0)
				return this.notFound('Conversation', missing.join(', '), ` for agent ${agentId}`);
			for (const cid of ids) tasks.delete(cid);
			return reply(200, {});
		}
		return this.error(404, `No route ${method} ${request.path}.`, 'not_found');
	}

	private notFound(what: string, name: string, where = ' in this project'): SimResponse {
		return this.error(404, `${what} ${name} not found${where}.`, 'not_found');
	}

	private page<T>(all: T[], page: unknown, size: unknown): T[] {
		const n = Number(page ?? 1);
		const s = Math.min(Number(size ?? 20), this.pageCap);
		return all.slice((n - 1) * s, n * s);
	}

	private workforceOf(id: string, project: string) {
		return this.workforces.find((w) => w.id === id && w.project === project);
	}

	private taskOf(id: string, project: string) {
		const task = this.tasks.get(id);
		return task && task.project === project ? task : undefined;
	}

	private trigger(body: Record<string, unknown>, project: string, now: number): SimResponse {
		const workforce = this.workforceOf(String(body.workforce_id), project);
		if (!workforce) return this.notFound('Workforce', String(body.workforce_id));
		const content = String(
			((body.trigger as Record<string, unknown>).message as Record<string, unknown>).content,
		);
		let task: WorkforceTask | undefined;
		if (body.workforce_task_id !== undefined) {
			task = this.taskOf(String(body.workforce_task_id), project);
			if (!task || task.workforceId !== workforce.id)
				return this.notFound('Workforce task', String(body.workforce_task_id));
			const last = task.messages[task.messages.length - 1];
			if (last.endAt > now)
				return this.error(409, `Workforce task ${task.id} is already running.`, 'conflict');
		} else {
			task = { id: randomUUID(), workforceId: workforce.id, project, createdAt: now, messages: [] };
			this.tasks.set(task.id, task);
		}
		task.messages.push({ at: now, content, endAt: now + this.workforceRunMs });
		return reply(200, { workforce_task_id: task.id });
	}

	private taskRecord(task: WorkforceTask, now: number) {
		const last = task.messages[task.messages.length - 1];
		return {
			workforce_task_id: task.id,
			workforce_id: task.workforceId,
			title: task.messages[0].content.slice(0, 40),
			state: last.endAt > now ? 'running' : 'completed',
			requested_state: 'continue',
			insert_date: iso(task.createdAt),
			update_date: iso(Math.min(now, last.endAt)),
			project: task.project,
			created_by_user_id: 'usr-api',
			user_id: 'usr-api',
		};
	}

	/** Newest first, as the agent task view answers: the user's message, an agent run, a reply. */
	private messagesOf(task: WorkforceTask, now: number) {
		const workforce = this.workforceOf(task.workforceId, task.project);
		const list: Array<{ item_id: string; insert_date_: string; content: Record<string, unknown> }> =
			[];
		const add = (at: number, content: Record<string, unknown>) =>
			list.push({ item_id: `msg-${list.length + 1}`, insert_date_: iso(at), content });
		for (const message of task.messages) {
			add(message.at, { type: 'user-message', text: message.content });
			add(message.at, { type: 'workforce-agent-run', agent_name: 'Analyst', status: 'running' });
			if (message.endAt <= now)
				add(message.endAt, {
					type: 'agent-message',
					text: this.answer(workforce, message.content),
				});
		}
		return list.reverse();
	}

	private answer(workforce: WorkforceSeed | undefined, content: string): string {
		if (!workforce?.knowledgeSet) return `Answer to: ${content}`;
		const rows = this.table(workforce.project, workforce.knowledgeSet) ?? [];
		const field = workforce.sumField;
		const sum = field ? rows.reduce((total, row) => total + (Number(row.data[field]) || 0), 0) : 0;
		return `Read ${rows.length} rows of ${workforce.knowledgeSet}${field ? `; total ${field} ${sum}` : ''}. Answer to: ${content}`;
	}

	private conversations(request: SimRequest, project: string, now: number): SimResponse {
		let filters: Array<{ field?: string; condition_value?: unknown }> = [];
		try {
			filters = JSON.parse(request.query.get('filters') ?? '[]');
		} catch {
			return this.error(422, "Query parameter 'filters' must be a JSON list.", 'validation_error');
		}
		if (!Array.isArray(filters))
			return this.error(422, "Query parameter 'filters' must be a JSON list.", 'validation_error');
		const wanted = (field: string) => {
			const value = filters.find((f) => f.field === field)?.condition_value;
			return value === undefined ? undefined : Array.isArray(value) ? value : [value];
		};
		const agents = wanted('conversation.agent_id');
		const states = wanted('conversation.state');
		const all = [...this.admin.runs.tasks.values()]
			.filter((t) => t.project === project)
			.filter((t) => !agents || agents.includes(t.agentId))
			.map((t) => this.conversationMetadata(t, now))
			.filter((m) => !states || states.includes(m.conversation.state))
			.sort((a, b) => b.insert_date.localeCompare(a.insert_date));
		const page = this.page(all, request.query.get('page'), request.query.get('page_size'));
		return reply(200, { results: page.map((metadata) => ({ metadata })) });
	}

	/** A conversation as the task metadata gives it (the admin module's agent runs). */
	private conversationMetadata(task: ConversationTask, now: number) {
		const last = task.runs[task.runs.length - 1];
		const phase = this.admin.runs.queue.phase(last, now);
		const state =
			phase === 'queued'
				? 'waiting-for-capacity'
				: phase === 'running'
					? 'running'
					: last.failure
						? 'unrecoverable'
						: 'idle';
		return {
			knowledge_set: task.id,
			insert_date: iso(task.createdAt),
			update_date: iso(now),
			conversation: {
				created_by_user_id: 'usr-api',
				agent_id: task.agentId,
				state,
				title: task.runs[0].content.slice(0, 40),
			},
		};
	}

	private knowledge(
		path: string,
		body: Record<string, unknown>,
		project: string,
		now: number,
	): SimResponse {
		if (path === '/knowledge/sets/list') {
			const sets = [...(this.tables.get(project) ?? new Map<string, Row[]>())];
			return reply(200, {
				results: this.page(sets, body.page, body.page_size).map(([name, rows]) => ({
					knowledge_set: name,
					rows: rows.length,
				})),
			});
		}
		const name = String(body.knowledge_set);
		if (path === '/knowledge/add') {
			const rows = this.table(project, name, true)!;
			for (const entry of body.data as Array<{ value: Record<string, unknown> }>) {
				rows.push({ document_id: randomUUID(), data: { ...entry.value }, insert_date_: iso(now) });
			}
			return reply(200, {});
		}
		const rows = this.table(project, name);
		if (!rows) return this.notFound('Knowledge set', name);
		const filters = (body.filters ?? []) as Array<Record<string, unknown>>;
		const problem = filters.map(unsupportedFilter).find(Boolean);
		if (problem) return this.error(422, problem, 'validation_error');
		const matches = (row: Row) => filters.every((f) => filterMatches(f, row));
		if (path === '/knowledge/list') {
			return reply(200, { results: this.page(rows.filter(matches), body.page, body.page_size) });
		}
		if (path === '/knowledge/bulk_update') {
			const updates = body.updates as Array<{ document_id: string; data: Record<string, unknown> }>;
			const missing = updates.filter((u) => !rows.some((r) => r.document_id === u.document_id));
			if (missing.length > 0)
				return this.notFound('Row', missing.map((u) => u.document_id).join(', '), ` in ${name}`);
			for (const update of updates) {
				const row = rows.find((r) => r.document_id === update.document_id)!;
				row.data = { ...row.data, ...update.data };
			}
			return reply(200, {});
		}
		if (path === '/knowledge/delete') {
			const keep = rows.filter((row) => !matches(row));
			rows.splice(0, rows.length, ...keep);
			return reply(200, {});
		}
		return this.error(404, `No route POST /latest${path}.`, 'not_found');
	}
}

/** The filter kinds this stand-in evaluates: exact match and exists on a row's data field. */
function unsupportedFilter(filter: Record<string, unknown>): string | undefined {
	if (typeof filter.field !== 'string' || !filter.field) return 'Every filter needs a field.';
	if (filter.filter_type !== 'exact_match' && filter.filter_type !== 'exists')
		return `Filter type ${String(filter.filter_type)} is not supported by this stand-in.`;
	return undefined;
}

function filterMatches(filter: Record<string, unknown>, row: Row): boolean {
	const field = String(filter.field).replace(/^data\./, '');
	const value = field === 'document_id' ? row.document_id : row.data[field];
	if (filter.filter_type === 'exists') return value !== undefined && value !== null;
	const wanted = Array.isArray(filter.condition_value)
		? filter.condition_value
		: [filter.condition_value];
	return wanted.some((w) => String(w) === String(value));
}
