import { sleep } from 'n8n-workflow';

/** One call let through: when, as best known (see `SecondWindow.answered`). */
interface WindowSlot {
	takenAt: number;
	at: number;
}

/**
 * At most `limit` calls sent within any one second: the services' documented per-second limit,
 * kept for every call a node sends in one execution (lookups, their retries, searches, API Calls),
 * so calls that a busy moment delayed, or a retry after a 429, cannot crowd a second.
 *
 * A call counts from when it is let through; but n8n may send it later (a busy moment, a credential
 * read), and the service counts it when it arrives. When its answer comes, the call is counted from
 * the latest it can have been sent, judged by the quickest answer of this execution: calls that
 * left n8n late then keep the next second's calls back as long as the service still counts them.
 */
export class SecondWindow {
	private readonly slots: WindowSlot[] = [];
	/** The quickest answer so far (ms from being let through): about the service's own latency. */
	private quickest = Infinity;

	constructor(private readonly limit: number) {}

	/** Waits until one more call fits within the last second, and counts it. */
	async take(): Promise<WindowSlot> {
		// Bounded: each pass waits until the oldest call of the window is a second old.
		for (let pass = 0; pass < 10_000; pass++) {
			const now = Date.now();
			this.forgetBefore(now - 1000);
			if (this.slots.length < this.limit) break;
			const oldest = Math.min(...this.slots.map((slot) => slot.at));
			await sleep(oldest + 1000 - now);
		}
		const now = Date.now();
		const slot = { takenAt: now, at: now };
		this.slots.push(slot);
		return slot;
	}

	/** The call's answer (or failure) came: count it from the latest it can have been sent. */
	answered(slot: WindowSlot): void {
		const now = Date.now();
		this.quickest = Math.min(this.quickest, now - slot.takenAt);
		slot.at = Math.max(slot.takenAt, now - this.quickest);
	}

	private forgetBefore(time: number): void {
		for (let n = this.slots.length - 1; n >= 0; n--) {
			if (this.slots[n].at <= time) this.slots.splice(n, 1);
		}
	}
}
