import { randomUUID } from 'node:crypto';

import { pageOf, type Fail, type Run, type RunQueue } from './runQueue';
import type { SimRequest } from './server';
import { reply } from './server';

/**
 * The platform's tools ("studios" on the wire): a sync trigger that answers with the output, an
 * async trigger whose job is polled (the documented shapes), the list (with its project filter)
 * and the tool's record with its input schema. Missing required inputs fail the run with the
 * platform's kind of error text.
 */

/**
 * `echo` answers with its inputs, `fail` fails with the platform's error text, `slow` is long,
 * `expires` runs long and ends in the platform's final state `timeout`.
 */
export interface ToolSeed {
	studio_id: string;
	title: string;
	description?: string;
	project: string;
	params_schema: {
		properties: Record<string, { type: string; title?: string }>;
		required?: string[];
	};
	behaviour: 'echo' | 'fail' | 'slow' | 'expires';
}

export class ToolRuns {
	readonly jobs = new Map<string, { toolId: string; run: Run; expires: boolean }>();

	constructor(
		readonly tools: ToolSeed[],
		private readonly queue: RunQueue,
		/** How long a slow tool's job (or sync answer) takes. */
		public toolJobMs: number,
		private readonly limits: { syncLimitMs: number; pageCap: () => number } = {
			syncLimitMs: 60_000,
			pageCap: () => 1000,
		},
	) {}

	route(request: SimRequest, path: string, project: string, now: number, fail: Fail) {
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
			const page = pageOf(
				request.query.get('page') ?? undefined,
				request.query.get('page_size') ?? undefined,
				this.limits.pageCap(),
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
			const askedJobId = body.job_id;
			if (askedJobId !== undefined && (typeof askedJobId !== 'string' || !askedJobId)) {
				return fail(422, "Field 'job_id' must be a non-empty string.", 'validation_error');
			}
			if (action === 'trigger_async' && typeof askedJobId === 'string') {
				// The caller controls the job id: a repeat of it is the job already started.
				const existing = this.jobs.get(askedJobId);
				if (existing && existing.toolId === tool.studio_id)
					return reply(200, { job_id: askedJobId });
				if (existing) return fail(409, `Job ${askedJobId} belongs to another tool.`, 'conflict');
			}
			const run = this.toolRun(tool, params as Record<string, unknown>, now);
			if (action === 'trigger_async') {
				const jobId = typeof askedJobId === 'string' ? askedJobId : randomUUID();
				this.jobs.set(jobId, {
					toolId: tool.studio_id,
					run,
					expires: tool.behaviour === 'expires',
				});
				this.queue.enqueue(run);
				return reply(200, { job_id: jobId });
			}
			this.queue.started.push(run);
			if (run.durationMs > this.limits.syncLimitMs) {
				// Past the sync limit the platform gives up waiting; the run itself goes on.
				return {
					...reply(504, {
						message:
							'The tool run is taking longer than the sync limit: use trigger_async for long tools.',
						type: 'gateway_timeout',
					}),
					delayMs: this.limits.syncLimitMs,
				};
			}
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
			const phase = this.queue.phase(job.run, now);
			if (phase !== 'done') return reply(200, { type: phase, updates: [] });
			if (job.expires) return reply(200, { type: 'timeout', updates: [] });
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
		return Object.fromEntries(Object.entries(tool).filter(([name]) => name !== 'behaviour'));
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
			durationMs: tool.behaviour === 'slow' || tool.behaviour === 'expires' ? this.toolJobMs : 0,
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
