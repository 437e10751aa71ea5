import { sleep } from 'n8n-workflow';

import { runPaced } from '../../../nodes/enrichment/pool';
import { SecondWindow } from '../../../nodes/enrichment/secondWindow';
import { peakPerSecond } from '../../harness/rate';

/**
 * `count` calls of `callMs` each, `inFlight` at once, each sent through `window` (or straight away
 * without one), on jest's fake clock: when each call was sent, and when the last one ended.
 */
async function timeline(
	count: number,
	inFlight: number,
	callMs: number,
	window?: SecondWindow,
	retryFirst = 0,
) {
	const sentAt: number[] = [];
	const t0 = Date.now();
	let endedAt = 0;
	const send = async () => {
		await window?.take();
		sentAt.push(Date.now() - t0);
		await sleep(callMs);
	};
	const run = runPaced(
		count,
		{ inFlight, minIntervalMs: 0 },
		async (index) => {
			await send();
			// The first calls are refused and sent again, as after a 429: the retry takes a slot too.
			if (index < retryFirst) await send();
		},
		() => true,
	).then(() => {
		endedAt = Date.now() - t0;
	});
	await jest.advanceTimersByTimeAsync(60_000);
	await run;
	return { sentAt, endedAt };
}

const distinct = (times: number[]) => [...new Set(times)].sort((a, b) => a - b);

describe('SecondWindow', () => {
	beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
	afterEach(() => jest.useRealTimers());

	it('lets at most 50 calls through within any one second, however many are in flight', async () => {
		// 100 calls of 300 ms, 25 in flight: 25 at 0 and 300 ms, 25 at 1,000 and 1,300.
		const { sentAt, endedAt } = await timeline(100, 25, 300, new SecondWindow(50));
		expect(sentAt).toHaveLength(100);
		expect(peakPerSecond(sentAt)).toBe(50);
		expect(distinct(sentAt)).toEqual([0, 300, 1000, 1300]);
		expect(endedAt).toBe(1600);
	});

	it('without it, in flight alone sets the pace', async () => {
		const { sentAt, endedAt } = await timeline(100, 25, 300);
		expect(distinct(sentAt)).toEqual([0, 300, 600, 900]);
		expect(endedAt).toBe(1200);
	});

	it('holds a burst wider than the limit to the next second', async () => {
		const { sentAt, endedAt } = await timeline(120, 120, 300, new SecondWindow(50));
		const at = (ms: number) => sentAt.filter((t) => t === ms).length;
		expect([at(0), at(1000), at(2000)]).toEqual([50, 50, 20]);
		expect(endedAt).toBe(2300);
	});

	it('counts calls sent again: retries after a refusal wait for room like the first sends', async () => {
		// 50 calls, the first 10 sent twice: 60 sends, 50 in the first second and 10 in the next.
		const { sentAt } = await timeline(50, 50, 300, new SecondWindow(50), 10);
		expect(sentAt).toHaveLength(60);
		expect(peakPerSecond(sentAt)).toBe(50);
		expect(sentAt.filter((t) => t >= 1000)).toHaveLength(10);
	});

	it('counts a call that n8n sent late from when it can have left, judged by the quickest answer', async () => {
		// 100 calls, 50 in flight, 300 ms each; calls 30 to 49 leave n8n 250 ms late, so the service
		// counts them until 1,250 ms: of the next 50, 30 go at 1,000 ms and 20 at 1,250 ms.
		const window = new SecondWindow(50);
		const t0 = Date.now();
		const takenAt: number[] = [];
		const run = runPaced(
			100,
			{ inFlight: 50, minIntervalMs: 0 },
			async (index) => {
				const slot = await window.take();
				takenAt[index] = Date.now() - t0;
				await sleep(300 + (index >= 30 && index < 50 ? 250 : 0));
				window.answered(slot);
			},
			() => true,
		);
		await jest.advanceTimersByTimeAsync(60_000);
		await run;
		const second = takenAt.slice(50);
		expect(second.filter((t) => t === 1000)).toHaveLength(30);
		expect(second.filter((t) => t === 1250)).toHaveLength(20);
	});
});
