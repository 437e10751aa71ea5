import type { SimResponse } from './server';

/**
 * The organization's runs (agent messages and tool jobs) against its concurrency limit: over the
 * limit they wait in order (the platform queues, it never refuses). Time is real; each read
 * advances the queue to "now".
 */

export type Fail = (status: number, message: string, type: string) => SimResponse;

export interface Run {
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

export class RunQueue {
	/** Every run started, in order: tests count them (a run is never started twice). */
	readonly started: Run[] = [];
	/** The most runs unfinished at once (running or waiting), to check a client's concurrency. */
	peakUnfinished = 0;
	/**
	 * Tests of a client's concurrency: no run starts until this many have been queued, so the
	 * peak does not depend on how far apart a loaded machine sends them (0: no hold).
	 */
	holdUntilQueued = 0;
	private readonly waiting: Run[] = [];
	private readonly active: Run[] = [];
	private clock = 0;

	constructor(public limit: number) {}

	/** Live concurrency, as `organization_info` reports it. */
	concurrency() {
		this.advance(Date.now());
		return { limit: this.limit, active: this.active.length, pending: this.waiting.length };
	}

	/** Starts waiting runs while slots are free and ends the runs whose time is up, in time order. */
	advance(now: number) {
		if (this.started.length < this.holdUntilQueued) return;
		if (this.holdUntilQueued > 0) {
			// Held runs start when the hold ends, not when they were queued.
			this.clock = Math.max(this.clock, now);
			this.holdUntilQueued = 0;
		}
		for (;;) {
			while (this.active.length < this.limit && this.waiting.length) {
				const run = this.waiting.shift()!;
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

	enqueue(run: Run) {
		this.advance(run.queuedAt);
		this.waiting.push(run);
		this.started.push(run);
		this.advance(run.queuedAt);
		this.peakUnfinished = Math.max(this.peakUnfinished, this.active.length + this.waiting.length);
	}

	phase(run: Run, now: number): 'queued' | 'running' | 'done' {
		if (run.startAt === undefined || run.startAt > now) return 'queued';
		return run.endAt! <= now ? 'done' : 'running';
	}
}

/**
 * `page` from 1 and `page_size` 1–1000 when given; a function that cuts the page, or the error. A
 * service may serve fewer than asked: `cap` is the most it puts on a page, whatever the size asked.
 */
export function pageOf(page: unknown, pageSize: unknown, cap = 1000) {
	const p = page === undefined || page === null ? 1 : Number(page);
	const size = pageSize === undefined || pageSize === null ? 20 : Number(pageSize);
	if (!Number.isInteger(p) || p < 1) return "Field 'page' must be a whole number from 1.";
	if (!Number.isInteger(size) || size < 1 || size > 1000) {
		return "Field 'page_size' must be a whole number from 1 to 1000.";
	}
	const served = Math.min(size, cap);
	return <T>(records: T[]) => records.slice((p - 1) * served, p * served);
}
