import { sleep } from 'n8n-workflow';

import { runPaced, type Pace } from '../../../nodes/enrichment/pool';
import { peakPerSecond } from '../../harness/rate';

/** Runs `count` tasks of `taskMs` each at `pace` on jest's fake clock: when each started, and the end. */
async function timeline(count: number, pace: Pace, taskMs: number) {
	const startedAt: number[] = [];
	const t0 = Date.now();
	let endedAt = 0;
	const run = runPaced(
		count,
		pace,
		async (index) => {
			startedAt[index] = Date.now() - t0;
			await sleep(taskMs);
			return index;
		},
		() => true,
	).then((started) => {
		endedAt = Date.now() - t0;
		return started;
	});
	await jest.advanceTimersByTimeAsync(60_000);
	return { started: await run, startedAt, endedAt };
}

describe('runPaced', () => {
	beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
	afterEach(() => jest.useRealTimers());

	it('keeps at most `perSecond` starts within any one second, however many are in flight', async () => {
		// 100 calls of 300 ms, 25 in flight, 50 per second: 25 at 0 and 300 ms, 25 at 1,000 and 1,300.
		const { started, startedAt, endedAt } = await timeline(
			100,
			{ inFlight: 25, minIntervalMs: 0, perSecond: 50 },
			300,
		);
		expect(started.every(Boolean)).toBe(true);
		expect(peakPerSecond(startedAt)).toBe(50);
		expect([...new Set(startedAt)].sort((a, b) => a - b)).toEqual([0, 300, 1000, 1300]);
		expect(endedAt).toBe(1600);
	});

	it('without `perSecond`, in flight alone sets the pace', async () => {
		const { startedAt, endedAt } = await timeline(100, { inFlight: 25, minIntervalMs: 0 }, 300);
		expect([...new Set(startedAt)].sort((a, b) => a - b)).toEqual([0, 300, 600, 900]);
		expect(endedAt).toBe(1200);
	});

	it('holds a burst wider than `perSecond` to the next second', async () => {
		const { startedAt, endedAt } = await timeline(
			120,
			{ inFlight: 120, minIntervalMs: 0, perSecond: 50 },
			300,
		);
		const at = (ms: number) => startedAt.filter((t) => t === ms).length;
		expect([at(0), at(1000), at(2000)]).toEqual([50, 50, 20]);
		expect(endedAt).toBe(2300);
	});
});
