import { DateTime } from 'luxon';
import { sleep } from 'n8n-workflow';

/**
 * Client-side throttle, one per instance, shared by every execution in this n8n process (module
 * state keyed by the instance's base URL). The service allows 100 calls per 20 s and 10 in-flight
 * calls per instance; 606 / 615 answer the excess.
 *
 * The window counts a call from the moment it is sent until `windowMs` after its answer arrived.
 * The service counts arrivals, and an arrival lies between sending and answering, so any two calls
 * the service sees within one window are both still counted here: while this process is the only
 * caller, it cannot trip 606 even with network jitter.
 */
export interface ThrottleSettings {
	windowMs: number;
	/** Calls allowed per window (the service allows 100; stay below it). */
	maxCallsPerWindow: number;
	/** In-flight calls allowed (the service allows 10). */
	maxConcurrent: number;
}

const DEFAULTS: ThrottleSettings = { windowMs: 20_000, maxCallsPerWindow: 95, maxConcurrent: 10 };

export const throttleSettings: ThrottleSettings = { ...DEFAULTS };

class InstanceLimiter {
	private inFlight = 0;
	/** Answer times of finished calls still inside the window, oldest first. */
	private finished: number[] = [];
	private pausedUntil = 0;
	private waiters: Array<() => void> = [];
	quotaBlockedUntil = 0;

	private prune(now: number) {
		const cutoff = now - throttleSettings.windowMs;
		while (this.finished.length > 0 && this.finished[0] <= cutoff) this.finished.shift();
	}

	/** Waits for a slot; the returned function must be called once the answer has arrived. */
	async acquire(): Promise<() => void> {
		for (;;) {
			const now = Date.now();
			this.prune(now);
			if (now < this.pausedUntil) {
				await sleep(this.pausedUntil - now);
				continue;
			}
			const windowFull = this.inFlight + this.finished.length >= throttleSettings.maxCallsPerWindow;
			if (!windowFull && this.inFlight < throttleSettings.maxConcurrent) {
				this.inFlight++;
				let released = false;
				return () => {
					if (released) return;
					released = true;
					this.inFlight--;
					this.finished.push(Date.now());
					this.waiters.shift()?.();
				};
			}
			if (windowFull && this.finished.length > 0) {
				await sleep(Math.max(1, this.finished[0] + throttleSettings.windowMs - now + 1));
			} else {
				// Every counted call is in flight: wait for one to finish.
				await new Promise<void>((resolve) => this.waiters.push(resolve));
			}
		}
	}

	/** After a 606: nobody sends to this instance until the window has passed. */
	pause(ms: number) {
		this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
	}

	/** Counters for tests and benchmarks. */
	state() {
		this.prune(Date.now());
		return { inFlight: this.inFlight, inWindow: this.inFlight + this.finished.length };
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

/** Tests and benchmarks only: shorter windows keep them fast. */
export function setThrottleSettings(settings: Partial<ThrottleSettings>): void {
	Object.assign(throttleSettings, settings);
}

/** Tests and benchmarks only: forget every limiter (window, pauses, quota blocks) and settings. */
export function resetThrottle(settings: Partial<ThrottleSettings> = {}): void {
	limiters.clear();
	Object.assign(throttleSettings, DEFAULTS, settings);
}
