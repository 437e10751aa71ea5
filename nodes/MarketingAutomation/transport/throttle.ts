import { DateTime } from 'luxon';
import { sleep } from 'n8n-workflow';

import { timing } from './timing';

/**
 * Client-side limiter, one per instance, shared by every execution in this n8n process (module
 * state keyed by the instance's base URL). One concern in one file: the window, the in-flight
 * count, the adaptation to refusals and the head start all read and write the same per-instance
 * state, and each decision needs all of it. The service allows 100 calls per 20 s and 10 in-flight
 * calls per instance, shared by every integration and every n8n worker; its guidance is about 50
 * per 20 s and 5 in flight per integration. The credential's "Calls per 20 Seconds" and "Calls in
 * Flight" set this process's share (defaults: the guidance).
 *
 * The window counts a call from the moment it is sent until a window after its answer arrived.
 * The service counts arrivals, which lie between the two, so while this process is the only caller
 * it cannot trip 606 even with network jitter.
 *
 * Adaptive: a 606 (rate) or 615 (concurrency) answer means another caller shares the budget (in
 * queue mode, every worker has its own limiter). The limiter then halves its own rate (606) or
 * concurrency (615), pauses a window after a 606, and remembers a ceiling below the value that was
 * refused (three quarters of the rate, one call in flight less). Every window without a rejection
 * gives back a tenth of the configured rate and one call in flight, up to the ceiling: the callers
 * settle below the shared budget within two windows instead of climbing back into it. Every fifth
 * quiet window raises the ceiling (one call, then twice the last raise while none is refused, up
 * to a tenth of the rate), so budget another caller gave up is taken back without a burst of 606s.
 * Rejections of calls sent before the first one's cut (several calls in flight at once) are one
 * event: the limiter is cut once for them. While cut, calls are spaced evenly over the window
 * instead of sent in a burst; a process never refused keeps its burst.
 *
 * Head start: a process cannot tell whether others share the instance until one is refused, and
 * in queue mode main and two workers at the defaults start with 15 calls in flight against the
 * instance's 10. A limiter with nothing in its window (new, or unused for a window) therefore
 * sends its first call alone, and the others once that call is answered or `HEAD_START_MS` have
 * passed: the service answers a refusal at once (a 615 or 606 needs no work), so a process that
 * shares the instance learns it from one refused call instead of a burst of them, and is cut
 * before its other calls go. The head start is longer where answers take longer to come back
 * (`HEAD_START_MS`), and time in which the event loop was too busy to read an answer does not
 * count (`LATE_TIMER_MS`). Alone, a run loses those milliseconds once, not a third of its first
 * window: a slow start that took two thirds of the share for the first window (until this
 * version) cost a run of 35 to 50 calls a whole window at the defaults (10,000 upserts: 20.9 s
 * instead of 2.4 s), and look-ups a second wave.
 */

/**
 * How long a fresh limiter's first call goes alone, at least. A refusal from a nearby instance
 * comes well within it. It is longer when a call the service answers without work (the last access
 * token) took longer here: twice that round trip, which covers a far instance, and a process so
 * busy that its first call leaves late (n8n's main starting several executions).
 */
export const HEAD_START_MS = 25;
/**
 * A head-start timer this late means the event loop was busy: the first call may not have left, or
 * its answer may wait unread, since due timers run before the loop reads answers. The head start
 * then begins again, up to `HEAD_START_MAX_MS` in all.
 */
const LATE_TIMER_MS = 5;
export const HEAD_START_MAX_MS = 500;
/** Quiet windows after which a remembered ceiling is raised a step. */
const PROBE_WINDOWS = 5;
/** A pause is doubled for each refusal in a row, at most this often: 4 windows, 16 seconds. */
const MAX_PAUSE_DOUBLINGS = { '606': 2, '615': 4 };
interface LimiterSettings {
	callsPerWindow: number;
	callsInFlight: number;
}

const DEFAULT_LIMITS: LimiterSettings = { callsPerWindow: 50, callsInFlight: 5 };
/** The service's own limits: a setting above them is capped. */
const SERVICE_LIMITS: LimiterSettings = { callsPerWindow: 100, callsInFlight: 10 };

function clamp(value: unknown, fallback: number, max: number): number {
	const n = Math.floor(Number(value));
	if (value === undefined || value === null || value === '' || !Number.isFinite(n)) return fallback;
	return Math.min(max, Math.max(1, n));
}

/** The limiter settings of a credential (saved credentials without them get the defaults). */
export function limitsOf(credentials: Record<string, unknown>): LimiterSettings {
	return {
		callsPerWindow: clamp(
			credentials.callsPer20Seconds,
			DEFAULT_LIMITS.callsPerWindow,
			SERVICE_LIMITS.callsPerWindow,
		),
		callsInFlight: clamp(
			credentials.callsInFlight,
			DEFAULT_LIMITS.callsInFlight,
			SERVICE_LIMITS.callsInFlight,
		),
	};
}

export class InstanceLimiter {
	private configured: LimiterSettings = { ...DEFAULT_LIMITS };
	/** The limits in force now: the configured ones, lowered after rejections. */
	private rate = DEFAULT_LIMITS.callsPerWindow;
	private concurrency = DEFAULT_LIMITS.callsInFlight;
	private lastAdjusted = 0;
	/** Limits remembered below a refused value (Infinity: none). */
	private rateCeiling = Infinity;
	private concurrencyCeiling = Infinity;
	private quietWindows = 0;
	/** Calls the next probe adds to the rate ceiling. */
	private probeStep = 1;
	private inFlight = 0;
	/** When the last call was let through (calls are spaced while the limits are cut). */
	private lastSent = 0;
	/** Answer times of finished calls still inside the window, oldest first (from `head`). */
	private finished: number[] = [];
	private head = 0;
	private pausedUntil = 0;
	/** Per kind of refusal: when its last pause ends, and its refusals in a row (see `rejected`). */
	private readonly pauseEnds = { '606': 0, '615': 0 };
	private readonly repeatedRefusals = { '606': 0, '615': 0 };
	/** Until when the first call of a fresh limiter goes alone (0: not starting). */
	private headStartUntil = 0;
	/** The latest a head start may end, however busy the event loop. */
	private headStartLimit = 0;
	/** The last access token's round trip: how long an answer without work takes here, and when. */
	private tokenTrip = { ms: 0, at: 0 };
	private queue: Array<() => void> = [];
	private timerPending = false;
	quotaBlockedUntil = 0;

	/** Applies a credential's settings (read once per execution). */
	configure(settings: LimiterSettings): void {
		if (
			settings.callsPerWindow === this.configured.callsPerWindow &&
			settings.callsInFlight === this.configured.callsInFlight
		) {
			return;
		}
		this.configured = { ...settings };
		this.rate = Math.min(this.rate, settings.callsPerWindow);
		this.concurrency = Math.min(this.concurrency, settings.callsInFlight);
		if (this.lastAdjusted === 0) {
			this.rate = settings.callsPerWindow;
			this.concurrency = settings.callsInFlight;
		}
		this.pump();
	}

	private inWindow(now: number): number {
		const cutoff = now - timing.windowMs;
		while (this.head < this.finished.length && this.finished[this.head] <= cutoff) this.head++;
		if (this.head > 1024 && this.head * 2 > this.finished.length) {
			this.finished = this.finished.slice(this.head);
			this.head = 0;
		}
		return this.inFlight + this.finished.length - this.head;
	}

	/** The recovery of every quiet window since the last cut (see the file's head). */
	private recover(now: number): void {
		if (this.lastAdjusted === 0) return;
		const windows = Math.floor((now - this.lastAdjusted) / timing.windowMs);
		if (windows <= 0) return;
		this.lastAdjusted += windows * timing.windowMs;
		const step = Math.max(1, Math.ceil(this.configured.callsPerWindow / 10));
		this.quietWindows += windows;
		const probes = Math.floor(this.quietWindows / PROBE_WINDOWS);
		this.quietWindows -= probes * PROBE_WINDOWS;
		for (let probe = 0; probe < probes; probe++) {
			this.rateCeiling += this.probeStep;
			this.probeStep = Math.min(step, this.probeStep * 2);
		}
		this.concurrencyCeiling += probes;
		this.rate = Math.min(
			this.configured.callsPerWindow,
			this.rateCeiling,
			this.rate + windows * step,
		);
		this.concurrency = Math.min(
			this.configured.callsInFlight,
			this.concurrencyCeiling,
			this.concurrency + windows,
		);
		if (
			this.rate === this.configured.callsPerWindow &&
			this.concurrency === this.configured.callsInFlight
		) {
			this.lastAdjusted = 0;
			this.rateCeiling = Infinity;
			this.concurrencyCeiling = Infinity;
			this.quietWindows = 0;
		}
	}

	/**
	 * Whether the next call is a fresh start's first: nothing in the window and the limits not cut
	 * (the process has not used the instance for a window, and does not know who else does).
	 */
	private isFresh(now: number): boolean {
		return this.lastAdjusted === 0 && this.inWindow(now) === 0;
	}

	/** How long until a slot may open (0: now; Infinity: when a call in flight finishes). */
	private waitMs(now: number): number {
		this.recover(now);
		if (now < this.pausedUntil) return this.pausedUntil - now;
		if (now < this.headStartUntil && this.inFlight > 0) return this.headStartUntil - now;
		const { rate, concurrency } = this;
		if (this.inWindow(now) >= rate) {
			if (this.head < this.finished.length) {
				return Math.max(1, this.finished[this.head] + timing.windowMs - now + 1);
			}
			return Infinity;
		}
		if (this.inFlight >= concurrency) return Infinity;
		// Cut by a refusal, so the instance is shared: the calls are spread over the window instead
		// of sent in a burst, and when the shared budget runs out only the few in flight are refused.
		if (this.lastAdjusted !== 0) {
			const spacing = this.lastSent + timing.windowMs / this.rate - now;
			if (spacing > 0) return Math.ceil(spacing);
		}
		return 0;
	}

	private pump(): void {
		while (this.queue.length > 0) {
			const now = Date.now();
			const wait = this.waitMs(now);
			if (wait === 0) {
				if (this.isFresh(now)) {
					this.headStartUntil = now + this.headStartMs(now);
					this.headStartLimit = now + HEAD_START_MAX_MS;
				}
				this.inFlight++;
				this.lastSent = now;
				this.queue.shift()?.();
				continue;
			}
			if (wait !== Infinity && !this.timerPending) {
				this.timerPending = true;
				const due = now + wait;
				void sleep(wait).then(() => {
					this.timerPending = false;
					this.extendHeadStartIfLate(due);
					this.pump();
				});
			}
			return;
		}
	}

	/** See `LATE_TIMER_MS`: a head start counts time in which answers could be read. */
	private extendHeadStartIfLate(due: number): void {
		const now = Date.now();
		if (this.headStartUntil === 0 || this.inFlight === 0 || now - due < LATE_TIMER_MS) return;
		this.headStartUntil = Math.min(now + this.headStartMs(now), this.headStartLimit);
	}

	/**
	 * See `HEAD_START_MS`. Only a token got just before counts: it tells how the process and the
	 * network are doing now, and a slow first token of the process should not slow every later start.
	 */
	private headStartMs(now: number): number {
		const recent = now - this.tokenTrip.at <= HEAD_START_MAX_MS ? this.tokenTrip.ms : 0;
		return Math.min(HEAD_START_MAX_MS, Math.max(HEAD_START_MS, 2 * recent));
	}

	/** An access token's round trip, which a head start starting now follows. */
	noteTokenRoundTrip(ms: number): void {
		this.tokenTrip = { ms: Math.max(0, ms), at: Date.now() };
	}

	/** Waits for a slot (first come, first served); call the returned function once answered. */
	async acquire(): Promise<() => void> {
		await new Promise<void>((resolve) => {
			this.queue.push(resolve);
			this.pump();
		});
		let released = false;
		return () => {
			if (released) return;
			released = true;
			this.inFlight--;
			this.finished.push(Date.now());
			// The first call is answered: the others need not wait out the head start.
			this.headStartUntil = 0;
			this.pump();
		};
	}

	/**
	 * A 606 or 615 answer: slow down, and nobody sends until the pause is over: a window after a
	 * 606, a second after a 615. Refused again within a pause's length of the last pause's end:
	 * other processes hold the budget (their settings add up to more than the instance's), so the
	 * pause doubles (up to `MAX_PAUSE_DOUBLINGS` times) and this process costs a refusal now and
	 * then instead of one every pause.
	 */
	rejected(code: '606' | '615'): void {
		const now = Date.now();
		// Calls sent before this kind of pause began were refused with the first: one cut for all.
		if (now < this.pauseEnds[code]) return;
		const pauseMs = code === '606' ? timing.windowMs : timing.windowMs / 20;
		const again = this.pauseEnds[code] > 0 && now - this.pauseEnds[code] < pauseMs;
		this.repeatedRefusals[code] = again
			? Math.min(MAX_PAUSE_DOUBLINGS[code], this.repeatedRefusals[code] + 1)
			: 0;
		this.pauseEnds[code] = now + pauseMs * 2 ** this.repeatedRefusals[code];
		this.pausedUntil = Math.max(this.pausedUntil, this.pauseEnds[code]);
		if (code === '606') {
			this.rateCeiling = Math.max(1, Math.floor((this.rate * 3) / 4));
			this.rate = Math.max(1, Math.floor(this.rate / 2));
			this.probeStep = 1;
		} else {
			this.concurrencyCeiling = Math.max(1, this.concurrency - 1);
			this.concurrency = Math.max(1, Math.floor(this.concurrency / 2));
		}
		this.lastAdjusted = now;
		this.quietWindows = 0;
	}

	/**
	 * The process's limits (lowered after rejections, recovering gradually). Executions keep this
	 * many calls going: the ones beyond the window's room wait for their slot here.
	 */
	limits(): LimiterSettings & { inFlight: number; inWindow: number } {
		const now = Date.now();
		this.recover(now);
		return {
			callsPerWindow: this.rate,
			callsInFlight: this.concurrency,
			inFlight: this.inFlight,
			inWindow: this.inWindow(now),
		};
	}
}

const limiters = new Map<string, InstanceLimiter>();

export function limiterFor(instance: string): InstanceLimiter {
	let limiter = limiters.get(instance);
	if (!limiter) {
		limiter = new InstanceLimiter();
		limiters.set(instance, limiter);
	}
	return limiter;
}

/** When the daily quota (607) resets: 12:00 AM US Central time. */
export function nextQuotaReset(now = Date.now()): number {
	return DateTime.fromMillis(now, { zone: 'America/Chicago' })
		.plus({ days: 1 })
		.startOf('day')
		.toMillis();
}
