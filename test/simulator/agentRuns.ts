import { randomUUID } from 'node:crypto';

import { pageOf, RunQueue, type Fail, type Run } from './runQueue';
import type { SimRequest, SimResponse } from './server';
import { reply } from './server';
import { ToolRuns, type ToolSeed } from './toolRuns';

export type { ToolSeed } from './toolRuns';

/**
 * The platform's agents: each message is a run that takes time, queues over the organization's
 * concurrency limit (queued, never refused), says a thought and runs a tool before its answer, and
 * is read as the platform's SDK reads it (task metadata and view, its states and message kinds).
 * Tools live in `toolRuns.ts`; both share one queue. Time is real but short in tests.
 */

export interface AgentSeed {
	agent_id: string;
	name: string;
	description?: string;
	project: string;
}

export interface RunsSeed {
	agents?: AgentSeed[];
	tools?: ToolSeed[];
	/** Runs at once before the rest wait (`concurrency.limit` of the organization). */
	concurrencyLimit?: number;
	/** How long an agent works on a message, and a slow tool's job. */
	agentRunMs?: number;
	toolJobMs?: number;
	/** How long a sync tool run may take before the platform answers 504 (the run goes on). */
	syncLimitMs?: number;
}

interface Task {
	id: string;
	agentId: string;
	project: string;
	createdAt: number;
	runs: Run[];
	/** The caller's own id for the conversation (`external_id` of the trigger). */
	externalId?: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export class AgentRuns {
	readonly agents: AgentSeed[];
	readonly tasks = new Map<string, Task>();
	readonly queue: RunQueue;
	readonly toolRuns: ToolRuns;
	agentRunMs: number;
	/** The most records on one page of a listing, whatever `page_size` asked. */
	pageCap = 1000;

	constructor(seed: RunsSeed = {}) {
		this.agents = seed.agents ?? [];
		this.agentRunMs = seed.agentRunMs ?? 3000;
		this.queue = new RunQueue(seed.concurrencyLimit ?? 2);
		this.toolRuns = new ToolRuns(seed.tools ?? [], this.queue, seed.toolJobMs ?? 3000, {
			syncLimitMs: seed.syncLimitMs ?? 60_000,
			pageCap: () => this.pageCap,
		});
	}

	/** Every run started (agent messages and tool runs), in order. */
	get started() {
		return this.queue.started;
	}
	get peakUnfinished() {
		return this.queue.peakUnfinished;
	}
	get jobs() {
		return this.toolRuns.jobs;
	}
	get concurrencyLimit() {
		return this.queue.limit;
	}
	set concurrencyLimit(limit: number) {
		this.queue.limit = limit;
	}
	set holdUntilQueued(runs: number) {
		this.queue.holdUntilQueued = runs;
	}
	get toolJobMs() {
		return this.toolRuns.toolJobMs;
	}
	set toolJobMs(ms: number) {
		this.toolRuns.toolJobMs = ms;
	}

	concurrency() {
		return this.queue.concurrency();
	}

	route(request: SimRequest, path: string, project: string, fail: Fail): SimResponse | undefined {
		const now = Date.now();
		this.queue.advance(now);
		const body = (request.body ?? {}) as Record<string, unknown>;
		const { method } = request;
		if (method === 'POST' && path === '/agents/list') {
			const page = pageOf(body.page, body.page_size, this.pageCap);
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
		return this.toolRuns.route(request, path, project, now, fail);
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
		const externalId = body.external_id;
		if (externalId !== undefined && (typeof externalId !== 'string' || !externalId)) {
			return fail(422, "Field 'external_id' must be a non-empty string.", 'validation_error');
		}
		const behaviour = body.external_id_behaviour;
		if (behaviour !== undefined && typeof behaviour !== 'string') {
			return fail(422, "Field 'external_id_behaviour' must be a string.", 'validation_error');
		}
		// A conversation is never created twice for one `external_id`; with the behaviour
		// "nothing", a repeat starts nothing and answers with the conversation it already has.
		const known =
			typeof externalId === 'string'
				? [...this.tasks.values()].find(
						(t) => t.externalId === externalId && t.agentId === agent.agent_id,
					)
				: undefined;
		if (known && behaviour === 'nothing') {
			return reply(200, { conversation_id: known.id, state: this.stateOf(known, now) });
		}
		let task: Task | undefined = known;
		if (body.conversation_id !== undefined) {
			task = this.tasks.get(String(body.conversation_id));
			if (!task || task.agentId !== agent.agent_id) {
				return fail(
					404,
					`Conversation ${String(body.conversation_id)} not found for this agent.`,
					'not_found',
				);
			}
		}
		if (task) {
			// One message at a time per conversation: the platform refuses another while one runs.
			const last = task.runs[task.runs.length - 1];
			if (last && this.queue.phase(last, now) !== 'done') {
				return fail(409, `Conversation ${task.id} is already running.`, 'conflict');
			}
		} else {
			task = {
				id: randomUUID(),
				agentId: agent.agent_id,
				project,
				createdAt: now,
				runs: [],
				...(typeof externalId === 'string' ? { externalId } : {}),
			};
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
		this.queue.enqueue(run);
		return reply(200, {
			conversation_id: task.id,
			state: run.startAt === now ? 'starting-up' : 'waiting-for-capacity',
		});
	}

	private stateOf(task: Task, now: number): string {
		const last = task.runs[task.runs.length - 1];
		const phase = this.queue.phase(last, now);
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
}
