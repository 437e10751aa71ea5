import type { SimRequest, SimResponse, SimulatorModule } from './server';
import { reply } from './server';

/** What both simulated enrichment services record of each call. */
export interface EnrichmentCall {
	method: string;
	/** Path below the service prefix, e.g. `/person/bulk`. */
	path: string;
	/** The query string, when the call had one (the service's own API looks records up by query). */
	query?: string;
	/** The API key the call carried (already taken from its header). */
	apiKey: string | undefined;
	body: unknown;
	status: number;
	/** Credits the call cost. */
	credits: number;
}

/** Both services' documented rate: 50 requests per second. */
export const DOCUMENTED_PER_SECOND = 50;

export interface RateLimitSettings {
	/**
	 * Requests accepted within any one second (sliding), per API key (the ANZ service) or per key
	 * and endpoint (the global service): both document 50, the default. 0 or absent: no such limit.
	 */
	perSecond?: number;
	/** Requests allowed per minute window (unlimited when absent). */
	perMinute?: number;
	/** Requests allowed per day (unlimited when absent). */
	perDay?: number;
	/** Seconds sent in `retry-after` on a 429 (the real global service sends none). */
	retryAfterSeconds?: number;
	/**
	 * Calls a minute to the global service's V3 usage (`GET /v3/account/usage`); the real service
	 * allows 5. Set 0 to have the usage call refused.
	 */
	usagePerMinute?: number;
}

export interface EnrichmentAccount {
	apiKeys: string[];
	/** Credit balance; a lookup that needs more answers 402. */
	credits: number;
	rateLimit?: RateLimitSettings;
	/** Every answer is held this long (ms): benchmarks use it to make call counts cost time. */
	latencyMs?: number;
}

/**
 * State and behaviour both enrichment simulators share: API keys, a credit balance, a rate limit
 * with remaining-requests headers, injected failures, and counters for tests and benchmarks.
 */
export abstract class EnrichmentSimulator implements SimulatorModule {
	abstract readonly name: string;
	protected abstract readonly prefix: string;
	readonly calls: EnrichmentCall[] = [];
	readonly apiKeys: Set<string>;
	credits: number;
	creditsSpent = 0;
	/** Records (people or companies) the service looked up, found or not. */
	recordsLookedUp = 0;
	rateLimit: RateLimitSettings;
	latencyMs: number;
	protected windowStart = Date.now();
	protected windowCount = 0;
	protected dayCount = 0;
	/** Accepted requests' times of the last second, per `secondWindowKey`. */
	private readonly secondWindows = new Map<string, number[]>();
	private injected: Array<{ status: number; body?: unknown; headers?: Record<string, string> }> =
		[];
	private requestCounter = 0;

	constructor(account: EnrichmentAccount) {
		this.apiKeys = new Set(account.apiKeys);
		this.credits = account.credits;
		this.rateLimit = { perSecond: DOCUMENTED_PER_SECOND, ...(account.rateLimit ?? {}) };
		this.latencyMs = account.latencyMs ?? 0;
	}

	handles(path: string): boolean {
		return path.startsWith(`${this.prefix}/`);
	}

	/** The next `count` calls are answered with `status` (429 by default) before any other check. */
	failNext(count: number, status = 429, body?: unknown, headers?: Record<string, string>): void {
		for (let n = 0; n < count; n++) this.injected.push({ status, body, headers });
	}

	/** Starts a fresh minute window (tests do not wait a real minute). */
	resetRateWindow(): void {
		this.windowStart = Date.now();
		this.windowCount = 0;
	}

	/** Calls per path, e.g. `{ 'POST /person/bulk': 3 }`. */
	callsByPath(): Record<string, number> {
		const counts: Record<string, number> = {};
		for (const call of this.calls) {
			const key = `${call.method} ${call.path}`;
			counts[key] = (counts[key] ?? 0) + 1;
		}
		return counts;
	}

	snapshot() {
		return {
			calls: this.calls.length,
			callsByPath: this.callsByPath(),
			creditsSpent: this.creditsSpent,
			creditsRemaining: this.credits,
			recordsLookedUp: this.recordsLookedUp,
			rateLimited: this.calls.filter((call) => call.status === 429).length,
		};
	}

	/** Clears counters and recorded calls (the record store and balance stay). */
	resetCounters(): void {
		this.calls.length = 0;
		this.creditsSpent = 0;
		this.recordsLookedUp = 0;
	}

	protected abstract apiKeyOf(request: SimRequest): string | undefined;
	protected abstract errorBody(status: number, code: string, message: string): unknown;
	protected abstract route(request: SimRequest, path: string): SimResponse;

	/**
	 * A call with a rate limit of its own (the global service's usage, 5 a minute): answered by
	 * the module without counting against the request windows. Undefined for every other call.
	 */
	protected ownLimit?(request: SimRequest, path: string): (() => SimResponse) | undefined;

	protected nextRequestId(): string {
		return `${this.name}-req-${String(++this.requestCounter).padStart(6, '0')}`;
	}

	/** Charges `credits` or answers 402 (returns the error response) when the balance is short. */
	protected charge(credits: number): SimResponse | undefined {
		if (credits > this.credits) {
			return this.error(402, 'INSUFFICIENT_CREDITS', 'Insufficient credits for this operation');
		}
		this.credits -= credits;
		this.creditsSpent += credits;
		return undefined;
	}

	protected error(status: number, code: string, message: string): SimResponse {
		return reply(status, this.errorBody(status, code, message), {
			'x-request-id': this.nextRequestId(),
		});
	}

	private rateHeaders(): Record<string, string> {
		const headers: Record<string, string> = {};
		const { perMinute, perDay } = this.rateLimit;
		if (perMinute !== undefined) {
			headers['x-rate-limit-minute'] = String(perMinute);
			headers['x-minute-requests-left'] = String(Math.max(0, perMinute - this.windowCount));
			headers['x-minute-usage'] = String(this.windowCount);
		}
		if (perDay !== undefined) {
			headers['x-rate-limit-daily'] = String(perDay);
			headers['x-daily-requests-left'] = String(Math.max(0, perDay - this.dayCount));
			headers['x-daily-usage'] = String(this.dayCount);
		}
		return headers;
	}

	/** Whether each endpoint has its own per-second window (the global service), or the key one. */
	protected readonly perSecondPerEndpoint: boolean = false;

	private rateLimited(apiKey: string, path: string, receivedAt?: number): SimResponse | undefined {
		const now = receivedAt ?? Date.now();
		if (now - this.windowStart >= 60_000) this.resetRateWindow();
		const { perSecond, perMinute, perDay, retryAfterSeconds } = this.rateLimit;
		const key = this.perSecondPerEndpoint ? `${apiKey} ${path}` : apiKey;
		// Arrival times, not always in order: the simulator may get to a later arrival first.
		const second = (this.secondWindows.get(key) ?? []).filter((at) => now - at < 1000);
		const overSecond = !!perSecond && second.length >= perSecond;
		const overMinute = perMinute !== undefined && this.windowCount >= perMinute;
		const overDay = perDay !== undefined && this.dayCount >= perDay;
		if (!overSecond && !overMinute && !overDay) {
			second.push(now);
			this.secondWindows.set(key, second);
			this.windowCount++;
			this.dayCount++;
			return undefined;
		}
		const response = this.error(
			429,
			'RATE_LIMITED',
			overDay
				? `Daily API quota limit exceeded. Limit ${perDay} calls per day`
				: 'Too many requests. Please wait before making another request.',
		);
		if (retryAfterSeconds !== undefined) {
			response.headers = { ...response.headers, 'retry-after': String(retryAfterSeconds) };
		}
		return response;
	}

	handle(request: SimRequest): SimResponse {
		const path = request.path.slice(this.prefix.length);
		const apiKey = this.apiKeyOf(request);
		const creditsBefore = this.creditsSpent;
		let response: SimResponse;
		const injected = this.injected.shift();
		if (injected) {
			response = reply(
				injected.status,
				injected.body ??
					this.errorBody(injected.status, 'INJECTED', `Injected HTTP ${injected.status}`),
				injected.headers,
			);
			// A text body (an HTML page for JSON) is a fault no document describes.
			if (typeof injected.body === 'string') response.fault = true;
		} else if (!apiKey || !this.apiKeys.has(apiKey)) {
			response = this.error(401, 'UNAUTHORIZED', 'Invalid API key');
		} else {
			const answerOnItsOwnLimit = this.ownLimit?.(request, path);
			response = answerOnItsOwnLimit
				? answerOnItsOwnLimit()
				: (this.rateLimited(apiKey, path, request.receivedAt) ?? this.route(request, path));
		}
		response.headers = { ...this.rateHeaders(), ...response.headers };
		if (this.latencyMs) response.delayMs = this.latencyMs;
		this.calls.push({
			method: request.method,
			path,
			query: request.query.toString() || undefined,
			apiKey,
			body: request.body,
			status: response.status,
			credits: this.creditsSpent - creditsBefore,
		});
		return response;
	}
}

/** Lower-case, no scheme, no `www.`, no trailing slash: how the simulators compare URLs and hosts. */
export function canonical(value: unknown): string {
	return String(value ?? '')
		.trim()
		.toLowerCase()
		.replace(/^[a-z]+:\/\//, '')
		.replace(/^www\./, '')
		.replace(/\/+$/, '');
}

/** The slug of a network profile URL: the segment after `/in/` or `/company/`. */
export function profileSlug(url: unknown): string | undefined {
	const match = /\/(?:in|company)\/([^/?#]+)/i.exec(String(url ?? ''));
	return match ? decodeURIComponent(match[1]).toLowerCase() : undefined;
}
