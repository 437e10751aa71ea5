import { sleep } from 'n8n-workflow';

/** How fast a node may send: calls in flight at once, and the least time between two starts. */
export interface Pace {
	inFlight: number;
	/** 1000 / requests per second; 0 for no spacing. */
	minIntervalMs: number;
	/**
	 * Waits, before each start, while the service's rate headers say no further call may go;
	 * `inFlight()` is the number of calls under way at that moment.
	 */
	beforeStart?(inFlight: () => number): Promise<void>;
}

/**
 * Runs `count` tasks, at most `pace.inFlight` at once and their starts at least
 * `pace.minIntervalMs` apart (the transport keeps the service's per-second limit, `SecondWindow`).
 * `settled` sees each result as it arrives; when it returns false no further task starts, and the
 * tasks already in flight are awaited (their results still reach `settled`: a paid answer is never
 * dropped). Returns which tasks started.
 */
export async function runPaced<T>(
	count: number,
	pace: Pace,
	task: (index: number) => Promise<T>,
	settled: (index: number, result: PromiseSettledResult<T>) => boolean,
): Promise<boolean[]> {
	const started = new Array<boolean>(count).fill(false);
	let next = 0;
	let stopped = false;
	let nextStartAt = 0;
	let running = 0;
	const worker = async () => {
		while (!stopped && next < count) {
			const index = next++;
			const now = Date.now();
			const startAt = Math.max(now, nextStartAt);
			nextStartAt = startAt + pace.minIntervalMs;
			if (startAt > now) await sleep(startAt - now);
			if (pace.beforeStart) await pace.beforeStart(() => running);
			if (stopped) return;
			started[index] = true;
			let result: PromiseSettledResult<T>;
			running++;
			try {
				result = { status: 'fulfilled', value: await task(index) };
			} catch (reason) {
				result = { status: 'rejected', reason };
			}
			running--;
			if (!settled(index, result)) stopped = true;
		}
	};
	const workers = Math.max(1, Math.min(pace.inFlight, count));
	await Promise.all(Array.from({ length: workers }, worker));
	return started;
}
