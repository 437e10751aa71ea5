import { createHash } from 'crypto';
import { sleep } from 'n8n-workflow';

const SECOND_MS = 1000;
/**
 * n8n sends a call a little after the node let it through (it reads the credential again in
 * `httpRequestWithAuthentication`). The quickest answer includes that delay, so a call's latest
 * possible send is known only to within it: each slot frees this much later than a second after.
 */
export const SEND_MARGIN_MS = 50;
/**
 * How long, at most, the other calls wait for the first call on a key in this process. n8n
 * prepares calls let through together one after another and sends them together, so every call of
 * a burst leaves late and the burst's quickest answer overstates the service's latency by n8n's
 * time for the whole burst. So the first call goes alone and the others wait for its answer: it
 * measures the service, not the burst.
 */
export const LEAD_MAX_MS = 1000;
/** Quiet seconds after which a rate remembered below a refusal is raised by one call. */
const PROBE_SECONDS = 5;

/** One call let through: counted from `takenAt` until a second after its latest possible send. */
interface WindowSlot {
	takenAt: number;
	/** When its answer came (Infinity while unanswered). */
	answeredAt: number;
	/** Its place in the order calls were let through. */
	order: number;
	/** Let through alone to measure the latency (see `LEAD_MAX_MS`). */
	lead?: boolean;
}

/** How an answer reads for the window: `refused` for a 429 on the per-second limit. */
export type AnswerKind = 'answered' | 'refused' | 'failed';

/**
 * At most `limit` calls sent within any one second: the services' documented per-second limit,
 * kept for every call sent with one key in this n8n process (every execution's lookups, their
 * retries, searches, API Calls; see `secondWindowFor`).
 *
 * A call counts from when it is let through until its answer: however late n8n sends it, it is
 * counted while it may still be on its way. Once answered it counts a second more from the latest
 * it can have been sent, judged by the quickest accepted answer (a refusal, which a rate limiter
 * answers in about a millisecond, says nothing about the service's latency), plus `SEND_MARGIN_MS`.
 * The quickest answer is trusted only once a call that left alone has been answered (`LEAD_MAX_MS`);
 * until then an answered call counts a second from its answer. Each slot frees on its own (a
 * sliding second), so a burst's calls free one by one as they arrived, not all at once a second
 * after the first.
 *
 * Adaptive: a per-second 429 means another caller uses the key too (another n8n process, another
 * tool). The rate then halves and remembers a ceiling three quarters of the refused rate; every
 * quiet second gives back a tenth of the setting up to the ceiling, which rises by one call every
 * `PROBE_SECONDS` quiet seconds. Refusals of calls let through before the cut are one event.
 */
export class SecondWindow {
	private configured: number;
	/** Calls per second in force now: the setting, lowered after refusals. */
	private rate: number;
	private ceiling = Infinity;
	/** When the rate was last cut or recovered (0: running at the setting). */
	private adjustedAt = 0;
	/** The last call let through before the last cut. */
	private lastBeforeCut = -1;
	private issued = 0;
	private quietSeconds = 0;
	private slots: WindowSlot[] = [];
	/** The quickest accepted answer so far (ms from being let through): about the service's latency. */
	private quickest = Infinity;
	/** Whether a call let through alone has been answered, so `quickest` is the service's latency. */
	private latencyKnown = false;
	/** The call let through alone while the latency is unknown, and until when the others wait. */
	private lead: WindowSlot | undefined;
	private leadUntil = 0;
	private readonly queue: Array<(slot: WindowSlot) => void> = [];
	private timerAt = Infinity;

	constructor(limit: number) {
		this.configured = Math.max(1, Math.floor(limit));
		this.rate = this.configured;
	}

	/** Applies a credential's setting (the latest execution's wins for the key). */
	configure(limit: number): void {
		const setting = Math.max(1, Math.floor(limit));
		if (setting === this.configured) return;
		this.configured = setting;
		this.rate = this.adjustedAt === 0 ? setting : Math.min(this.rate, setting);
		this.pump();
	}

	/** Waits (first come, first served) until one more call fits within the last second. */
	async take(): Promise<WindowSlot> {
		return await new Promise<WindowSlot>((resolve) => {
			this.queue.push(resolve);
			this.pump();
		});
	}

	/** The call's answer (or failure) came: it counts a second more from its latest possible send. */
	answered(slot: WindowSlot, kind: AnswerKind = 'answered'): void {
		const now = Date.now();
		slot.answeredAt = now;
		if (kind === 'answered') this.quickest = Math.min(this.quickest, now - slot.takenAt);
		if (slot === this.lead) {
			// Refused or failed, it measured nothing: the next call leads instead.
			if (kind === 'answered') this.latencyKnown = true;
			this.lead = undefined;
			this.leadUntil = 0;
		}
		if (kind === 'refused') this.refused(slot, now);
		this.pump();
	}

	/** The rate in force now and the calls counted in the last second (for tests and benchmarks). */
	state(): { rate: number; counted: number } {
		const now = Date.now();
		this.recover(now);
		return { rate: this.rate, counted: this.counted(now) };
	}

	private refused(slot: WindowSlot, now: number): void {
		// Calls let through before the last cut were refused with the call that caused it.
		if (slot.order <= this.lastBeforeCut) return;
		this.recover(now);
		this.ceiling = Math.max(1, Math.floor((this.rate * 3) / 4));
		this.rate = Math.max(1, Math.floor(this.rate / 2));
		this.lastBeforeCut = this.issued - 1;
		this.adjustedAt = now;
		this.quietSeconds = 0;
	}

	/** A tenth of the setting back per quiet second, up to the ceiling, which probes upward. */
	private recover(now: number): void {
		if (this.adjustedAt === 0) return;
		const seconds = Math.floor((now - this.adjustedAt) / SECOND_MS);
		if (seconds <= 0) return;
		this.adjustedAt += seconds * SECOND_MS;
		this.quietSeconds += seconds;
		const probes = Math.floor(this.quietSeconds / PROBE_SECONDS);
		this.quietSeconds -= probes * PROBE_SECONDS;
		this.ceiling += probes;
		const step = Math.max(1, Math.ceil(this.configured / 10));
		this.rate = Math.min(this.configured, this.ceiling, this.rate + seconds * step);
		if (this.rate === this.configured) {
			this.adjustedAt = 0;
			this.ceiling = Infinity;
			this.quietSeconds = 0;
		}
	}

	/**
	 * When a slot stops counting: a second after its latest possible send, plus the margin. Until
	 * the latency is known, an answered call may have left as late as its answer; so may a lead,
	 * whose own delay in n8n is what its answer cannot tell (a key's first call in a process is slow
	 * to leave: n8n's code for it is not compiled yet).
	 */
	private until(slot: WindowSlot): number {
		if (slot.answeredAt === Infinity) return Infinity;
		const latency = this.latencyKnown && !slot.lead ? this.quickest : 0;
		return Math.max(slot.takenAt, slot.answeredAt - latency) + SECOND_MS + SEND_MARGIN_MS;
	}

	/** Calls still counted at `now` (forgets those whose second is over). */
	private counted(now: number): number {
		this.slots = this.slots.filter((slot) => this.until(slot) > now);
		return this.slots.length;
	}

	private pump(): void {
		const now = Date.now();
		this.recover(now);
		while (this.queue.length > 0 && now >= this.leadUntil && this.counted(now) < this.rate) {
			const slot: WindowSlot = { takenAt: now, answeredAt: Infinity, order: this.issued++ };
			if (!this.latencyKnown && !this.lead) {
				slot.lead = true;
				this.lead = slot;
				this.leadUntil = now + LEAD_MAX_MS;
			}
			this.slots.push(slot);
			this.queue.shift()!(slot);
		}
		if (this.queue.length === 0) return;
		// The next moment a slot frees (an unanswered call frees on its answer, which pumps).
		const next = Math.min(...this.slots.map((slot) => this.until(slot)));
		const recoversAt = this.adjustedAt === 0 ? Infinity : this.adjustedAt + SECOND_MS;
		const leadEnds = this.leadUntil > now ? this.leadUntil : Infinity;
		this.wakeAt(Math.min(next, recoversAt, leadEnds));
	}

	private wakeAt(at: number): void {
		if (!Number.isFinite(at) || at >= this.timerAt) return;
		this.timerAt = at;
		void sleep(Math.max(1, at - Date.now())).then(() => {
			if (this.timerAt === at) this.timerAt = Infinity;
			this.pump();
		});
	}
}

const windows = new Map<string, SecondWindow>();

/**
 * The one window of a key in this n8n process: every execution that sends with the same key to
 * the same address shares it. Keyed by a hash: the key itself is not kept in memory beyond n8n's.
 */
export function secondWindowFor(
	baseUrl: string,
	authHeaders: Record<string, string>,
	limit: number,
): SecondWindow {
	const id = createHash('sha256')
		.update(`${baseUrl}\n${JSON.stringify(authHeaders)}`)
		.digest('hex');
	let window = windows.get(id);
	if (!window) {
		window = new SecondWindow(limit);
		windows.set(id, window);
	} else {
		window.configure(limit);
	}
	return window;
}
