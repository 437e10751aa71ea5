import { randomUUID } from 'node:crypto';

import type { SimRequest, SimResponse } from './server';
import { reply } from './server';

/**
 * The platform's agents and tools: runs that take time, queue over the organization's concurrency
 * limit (queued, never refused), and answer as the platform does (the SDK's task states and
 * message kinds, the documented tool trigger and poll shapes). Time is real but short in tests.
 */

export interface AgentSeed {
	agent_id: string;
	name: string;
	description?: string;
	project: string;
}

/** `echo` answers with its inputs, `fail` fails with the platform's error text, `slow` is long. */
export interface ToolSeed {
	studio_id: string;
	title: string;
	description?: string;
	project: string;
	params_schema: {
		properties: Record<string, { type: string; title?: string }>;
		required?: string[];
	};
	behaviour: 'echo' | 'fail' | 'slow';
}

export interface RunsSeed {
	agents?: AgentSeed[];
	tools?: ToolSeed[];
	/** Runs at once before the rest wait (`concurrency.limit` of the organization). */
	concurrencyLimit?: number;
	/** How long an agent works on a message, and a slow tool's job. */
	agentRunMs?: number;
	toolJobMs?: number;
}

type Fail = (status: number, message: string, type: string) => SimResponse;

interface Run {
	kind: 'agent' | 'tool';
	id: string;
	queuedAt: number;
	durationMs: number;
	startAt?: number;
	endAt?: number;
	content: string;
	/** The platform's error text when the run fails. */
	failure?: string;
	output?: Record<string, unknown>;
}

interface Task {
	id: string;
	agentId: string;
	project: string;
	createdAt: number;
	runs: Run[];
}

const iso = (ms: number) => new Date(ms).toISOString();

export class AgentRuns {
	readonly agents: AgentSeed[];
	readonly tools: ToolSeed[];
	readonly tasks = new Map<string, Task>();
	readonly jobs = new Map<string, { toolId: string; run: Run }>();
	/** Every run started, in order: tests count them (a run is never started twice). */
	readonly started: Run[] = [];
	concurrencyLimit: number;
	agentRunMs: number;
	toolJobMs: number;
	/** The most runs unfinished at once (running or waiting), to check a client's concurrency. */
	peakUnfinished = 0;
	private readonly queue: Run[] = [];
	private readonly active: Run[] = [];
	private clock = 0;

	constructor(seed: RunsSeed = {}) {
		this.agents = seed.agents ?? [];
		this.tools = seed.tools ?? [];
		this.concurrencyLimit = seed.concurrencyLimit ?? 2;
		this.agentRunMs = seed.agentRunMs ?? 3000;
		this.toolJobMs = seed.toolJobMs ?? 3000;
	}

	/** Live concurrency, as `organization_info` reports it. */
	concurrency() {
		this.advance(Date.now());
		return { limit: this.concurrencyLimit, active: this.active.length, pending: this.queue.length };
	}

	/** Starts queued runs while slots are free and ends the runs whose time is up, in time order. */
	private advance(now: number) {
		for (;;) {
			while (this.active.length < this.concurrencyLimit && this.queue.length) {
				const run = this.queue.shift()!;
				run.startAt = Math.max(run.queuedAt, this.clock);
				run.endAt = run.startAt + run.durationMs;
				this.active.push(run);
			}
			const ended = this.active
				.filter((run) => run.endAt! <= now)
				.sort((a, b) => a.endAt! - b.endAt!)[0];
			if (!ended) return;
			this.clock = ended.endAt!;
			this.active.splice(this.active.indexOf(ended), 1);
		}
	}

	private enqueue(run: Run) {
		this.advance(run.queuedAt);
		this.queue.push(run);
		this.started.push(run);
		this.advance(run.queuedAt);
		this.peakUnfinished = Math.max(this.peakUnfinished, this.active.length + this.queue.length);
	}

	private phase(run: Run, now: number): 'queued' | 'running' | 'done' {
		if (run.startAt === undefined || run.startAt > now) return 'queued';
		return run.endAt! <= now ? 'done' : 'running';
	}

	route(request: SimRequest, path: string, project: string, fail: Fail): SimResponse | undefined {
		const now = Date.now();
		this.advance(now);
		const body = (request.body ?? {}) as Record<string, unknown>;
		const { method } = request;
		if (method === 'POST' && path === '/agents/list') {
			const page = this.paging(body.page, body.page_size);
			if (typeof page === 'string') return fail(422, page, 'validation_error');
			return reply(200, { results: page(this.agents.filter((a) => a.project === project)) });
		}
		if (method === 'POST' && path === '/agents/trigger')
			return this.trigger(body, project, now, fail);
		const task = /^\/agents\/([^/]+)\/tasks\/([^/]+)\/(metadata|view)$/.exec(path);
		if (task) {
			const found = this.tasks.get(decodeURIComponent(task[2]));
			if (!found || found.agentId !== decodeURIComponent(task[1]) || found.project !== project) {
				return fail(404, `Conversation ${task[2]} not found for agent ${task[1]}.`, 'not_found');
			}
			if (task[3] === 'metadata' && method === 'GET')
				return reply(200, { metadata: this.metadata(found, now) });
			if (task[3] === 'view' && method === 'POST') {
				const size = body.page_size;
				if (size !== undefined && (typeof size !== 'number' || size < 1 || size > 1000)) {
					return fail(
						422,
						"Field 'page_size' must be a number from 1 to 1000.",
						'validation_error',
					);
				}
				return reply(200, { results: this.messages(found, now).slice(0, Number(size ?? 20)) });
			}
			return undefined;
		}
		return this.routeTools(request, path, project, now, fail);
	}

	/** `page` from 1 and `page_size` 1–1000 when given; a function that cuts the page. */
	private paging(page: unknown, pageSize: unknown) {
		const p = page === undefined ? 1 : Number(page);
		const size = pageSize === undefined ? 20 : Number(pageSize);
		if (!Number.isInteger(p) || p < 1) return "Field 'page' must be a whole number from 1.";
		if (!Number.isInteger(size) || size < 1 || size > 1000) {
			return "Field 'page_size' must be a whole number from 1 to 1000.";
		}
		return <T>(records: T[]) => records.slice((p - 1) * size, p * size);
	}

	private trigger(body: Record<string, unknown>, project: string, now: number, fail: Fail) {
		const agent = this.agents.find((a) => a.agent_id === body.agent_id && a.project === project);
		if (!agent)
			return fail(404, `Agent ${String(body.agent_id)} not found in this project.`, 'not_found');
		const message = (body.message ?? {}) as Record<string, unknown>;
		if (message.role !== 'user' || typeof message.content !== 'string' || !message.content) {
			return fail(
				422,
				"Field 'message' must be {role: 'user', content: <text>}.",
				'validation_error',
			);
		}
		const attachments = message.attachments ?? [];
		if (
			!Array.isArray(attachments) ||
			attachments.some(
				(a: Record<string, unknown>) =>
					typeof a?.file_url !== 'string' || typeof a?.file_name !== 'string',
			)
		) {
			return fail(
				422,
				"Field 'message.attachments' must be a list of {file_name, file_url}.",
				'validation_error',
			);
		}
		let task: Task | undefined;
		if (body.conversation_id !== undefined) {
			task = this.tasks.get(String(body.conversation_id));
			if (!task || task.agentId !== agent.agent_id) {
				return fail(
					404,
					`Conversation ${String(body.conversation_id)} not found for this agent.`,
					'not_found',
				);
			}
		} else {
			task = { id: randomUUID(), agentId: agent.agent_id, project, createdAt: now, runs: [] };
			this.tasks.set(task.id, task);
		}
		const content = message.content;
		const run: Run = {
			kind: 'agent',
			id: randomUUID(),
			queuedAt: now,
			durationMs: this.agentRunMs * (content.includes('SLOW') ? 1000 : 1),
			content,
			...(content.includes('FAIL')
				? { failure: 'The model refused the request: content policy.' }
				: {}),
		};
		task.runs.push(run);
		this.enqueue(run);
		return reply(200, {
			conversation_id: task.id,
			state: run.startAt === now ? 'starting-up' : 'waiting-for-capacity',
		});
	}

	private stateOf(task: Task, now: number): string {
		const last = task.runs[task.runs.length - 1];
		const phase = this.phase(last, now);
		if (phase === 'queued') return 'waiting-for-capacity';
		if (phase === 'running') return 'running';
		return last.failure ? 'unrecoverable' : 'idle';
	}

	private metadata(task: Task, now: number) {
		const first = task.runs[0];
		return {
			knowledge_set: task.id,
			insert_date: iso(task.createdAt),
			update_date: iso(now),
			conversation: {
				created_by_user_id: 'usr-api',
				agent_id: task.agentId,
				state: this.stateOf(task, now),
				title: first.content.slice(0, 40),
			},
		};
	}

	/** Newest first, as the platform's task view answers. */
	private messages(task: Task, now: number) {
		const list: Array<{ item_id: string; insert_date_: string; content: Record<string, unknown> }> =
			[];
		const add = (at: number, content: Record<string, unknown>) =>
			list.push({ item_id: randomUUID(), insert_date_: iso(at), content });
		for (const run of task.runs) {
			add(run.queuedAt, { type: 'user-message', text: run.content });
			if (run.startAt === undefined || run.startAt > now) continue;
			const thinking = run.startAt + run.durationMs / 2;
			if (thinking <= now) {
				add(thinking, {
					type: 'agent-message',
					text: 'Let me look that up first.',
					thought_about_tool_calls: true,
				});
				add(thinking, { type: 'tool-run', status: 'completed', tool_name: 'Web search' });
			}
			if (run.endAt! <= now) {
				add(
					run.endAt!,
					run.failure
						? { type: 'agent-error', message: run.failure }
						: { type: 'agent-message', text: `Answer to: ${run.content}` },
				);
			}
		}
		return list.reverse();
	}

	private routeTools(request: SimRequest, path: string, project: string, now: number, fail: Fail) {
		const body = (request.body ?? {}) as Record<string, unknown>;
		if (request.method === 'GET' && path === '/studios/list') {
			let filters: unknown;
			try {
				filters = JSON.parse(request.query.get('filters') ?? '[]');
			} catch {
				return fail(422, "Query parameter 'filters' must be JSON.", 'validation_error');
			}
			const projectFilter = Array.isArray(filters)
				? filters.find(
						(f: Record<string, unknown>) =>
							f?.field === 'project' && f?.filter_type === 'exact_match',
					)
				: undefined;
			if (!projectFilter || projectFilter.condition_value !== project) {
				return fail(
					422,
					"Public agent queries require an exact_match filter on a valid 'project' ID.",
					'validation_error',
				);
			}
			const page = this.paging(
				request.query.get('page') ?? undefined,
				request.query.get('page_size') ?? undefined,
			);
			if (typeof page === 'string') return fail(422, page, 'validation_error');
			return reply(200, {
				results: page(this.tools.filter((t) => t.project === project)).map((t) =>
					this.toolRecord(t),
				),
			});
		}
		const match =
			/^\/studios\/([^/]+)\/(get|trigger_limited|trigger_async|async_poll\/([^/]+))$/.exec(path);
		if (!match) return undefined;
		const tool = this.tools.find(
			(t) => t.studio_id === decodeURIComponent(match[1]) && t.project === project,
		);
		if (!tool) return fail(404, `Tool ${match[1]} not found in this project.`, 'not_found');
		const action = match[2];
		if (request.method === 'GET' && action === 'get')
			return reply(200, { studio: this.toolRecord(tool) });
		if (request.method === 'POST' && (action === 'trigger_limited' || action === 'trigger_async')) {
			if (body.project !== project)
				return fail(422, "Field 'project' must be the project of the tool.", 'validation_error');
			const params = body.params;
			if (params === null || typeof params !== 'object' || Array.isArray(params)) {
				return fail(422, "Field 'params' must be an object.", 'validation_error');
			}
			const run = this.toolRun(tool, params as Record<string, unknown>, now);
			if (action === 'trigger_async') {
				const jobId = randomUUID();
				this.jobs.set(jobId, { toolId: tool.studio_id, run });
				this.enqueue(run);
				return reply(200, { job_id: jobId });
			}
			this.started.push(run);
			return {
				...reply(
					200,
					run.failure
						? {
								status: 'failed',
								output: {},
								errors: [{ body: run.failure, step_name: 'api_step' }],
							}
						: { status: 'complete', output: run.output, errors: [], executionTime: run.durationMs },
				),
				delayMs: tool.behaviour === 'slow' ? this.toolJobMs : 0,
			};
		}
		if (request.method === 'GET' && match[3]) {
			const job = this.jobs.get(decodeURIComponent(match[3]));
			if (!job || job.toolId !== tool.studio_id)
				return fail(404, `Job ${match[3]} not found.`, 'not_found');
			if (request.query.get('ending_update_only') !== 'true')
				return reply(200, { type: 'running', updates: [] });
			const phase = this.phase(job.run, now);
			if (phase !== 'done') return reply(200, { type: phase, updates: [] });
			const failed = job.run.failure !== undefined;
			return reply(200, {
				type: failed ? 'failed' : 'complete',
				updates: [
					{
						type: failed ? 'chain-fail' : 'chain-success',
						output: failed
							? {
									status: 'failed',
									output: {},
									errors: [{ body: job.run.failure, step_name: 'api_step' }],
								}
							: { status: 'complete', output: job.run.output, errors: [] },
					},
				],
			});
		}
		return undefined;
	}

	private toolRecord(tool: ToolSeed) {
		const { behaviour: _behaviour, ...record } = tool;
		return record;
	}

	private toolRun(tool: ToolSeed, params: Record<string, unknown>, now: number): Run {
		const missing = (tool.params_schema.required ?? []).filter(
			(name) => params[name] === undefined || params[name] === '',
		);
		const failure =
			missing.length > 0
				? `Missing required params: ${missing.join(', ')}`
				: tool.behaviour === 'fail'
					? 'Step api_step failed: the upstream API answered 401 Unauthorized.'
					: undefined;
		return {
			kind: 'tool',
			id: randomUUID(),
			queuedAt: now,
			durationMs: tool.behaviour === 'slow' ? this.toolJobMs : 0,
			content: JSON.stringify(params),
			...(failure
				? { failure }
				: {
						output: {
							...params,
							answer: `${tool.title} ran with ${Object.keys(params).length} inputs`,
						},
					}),
		};
	}
}
