import { sleep } from 'n8n-workflow';

import { runPaced } from '../../../nodes/enrichment/pool';
import {
	LEAD_MAX_MS,
	SEND_MARGIN_MS,
	SecondWindow,
	secondWindowFor,
} from '../../../nodes/enrichment/secondWindow';
import { peakPerSecond } from '../../harness/rate';

/**
 * The window once it has measured the service: a first call let through alone, answered after
 * `latencyMs`, and its second over. Before that a window lets one call lead alone (see "on a key's
 * first calls" below); the other tests are about what follows.
 */
async function measured(window: SecondWindow, latencyMs = 300): Promise<SecondWindow> {
	const lead = await window.take();
	await jest.advanceTimersByTimeAsync(latencyMs);
	window.answered(lead);
	await jest.advanceTimersByTimeAsync(2_000);
	return window;
}

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
		const slot = await window?.take();
		sentAt.push(Date.now() - t0);
		await sleep(callMs);
		if (slot) window!.answered(slot);
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
		// 100 calls of 300 ms, 25 in flight: 25 at 0 and 300 ms, 25 at 1,050 and 1,350 (a second
		// and the send margin after the first ones).
		const { sentAt, endedAt } = await timeline(100, 25, 300, await measured(new SecondWindow(50)));
		expect(SEND_MARGIN_MS).toBe(50);
		expect(sentAt).toHaveLength(100);
		expect(peakPerSecond(sentAt)).toBe(50);
		expect(distinct(sentAt)).toEqual([0, 300, 1050, 1350]);
		expect(endedAt).toBe(1650);
	});

	it('without it, in flight alone sets the pace', async () => {
		const { sentAt, endedAt } = await timeline(100, 25, 300);
		expect(distinct(sentAt)).toEqual([0, 300, 600, 900]);
		expect(endedAt).toBe(1200);
	});

	it('holds a burst wider than the limit to the next second', async () => {
		const { sentAt, endedAt } = await timeline(120, 120, 300, await measured(new SecondWindow(50)));
		const at = (ms: number) => sentAt.filter((t) => t === ms).length;
		expect([at(0), at(1050), at(2100)]).toEqual([50, 50, 20]);
		expect(endedAt).toBe(2400);
	});

	it('counts calls sent again: retries after a refusal wait for room like the first sends', async () => {
		// 50 calls, the first 10 sent twice: 60 sends, 50 in the first second and 10 in the next.
		const { sentAt } = await timeline(50, 50, 300, await measured(new SecondWindow(50)), 10);
		expect(sentAt).toHaveLength(60);
		expect(peakPerSecond(sentAt)).toBe(50);
		expect(sentAt.filter((t) => t >= 1000)).toHaveLength(10);
	});

	it('counts a call that n8n sent late from when it can have left, judged by the quickest answer', async () => {
		// 100 calls, 50 in flight, 300 ms each; calls 30 to 49 leave n8n 250 ms late, so the service
		// counts them until 1,250 ms: of the next 50, 30 go at 1,050 ms and 20 at 1,300 ms.
		const window = await measured(new SecondWindow(50));
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
		expect(second.filter((t) => t === 1050)).toHaveLength(30);
		expect(second.filter((t) => t === 1300)).toHaveLength(20);
	});
});

/**
 * `count` calls through `window`, `inFlight` at once: each leaves n8n `delayOf(index)` ms after
 * it is let through, the service answers `serviceMs` after it arrives, and n8n hands the answer
 * to the node `handlingOf(index)` ms later. Returns the arrival times (ms from the start).
 */
async function arrivals(
	window: SecondWindow,
	count: number,
	inFlight: number,
	delayOf: (index: number) => number,
	handlingOf: (index: number) => number = () => 0,
	serviceMs = 300,
) {
	const arrivedAt: number[] = [];
	const t0 = Date.now();
	const run = runPaced(
		count,
		{ inFlight, minIntervalMs: 0 },
		async (index) => {
			const slot = await window.take();
			await sleep(delayOf(index));
			arrivedAt.push(Date.now() - t0);
			await sleep(serviceMs + handlingOf(index));
			window.answered(slot);
		},
		() => true,
	);
	return { arrivedAt, run };
}

describe('SecondWindow, per key and on what arrives', () => {
	beforeEach(() => jest.useFakeTimers({ now: 2_000_000 }));
	afterEach(() => jest.useRealTimers());

	it('never lets more than the setting arrive within any second, calls that leave late included', async () => {
		// Every call leaves 20 to 220 ms after it is let through, every ninth 450 ms, every 25th
		// 1,200 ms (still waiting inside n8n when its second is over): at 50 per second the service
		// never counts more than 50 arrivals within a second. Its first call, too, left 20 ms late.
		const window = await measured(new SecondWindow(50), 320);
		const { arrivedAt, run } = await arrivals(window, 400, 50, (index) =>
			index % 25 === 0 ? 1200 : index % 9 === 0 ? 450 : 20 + ((index * 37) % 200),
		);
		await jest.advanceTimersByTimeAsync(60_000);
		await run;
		expect(arrivedAt).toHaveLength(400);
		expect(peakPerSecond(arrivedAt)).toBeLessThanOrEqual(50);
		// And no slower than it must be: 8 rounds of 50, each a second and the margin plus its calls'
		// delays (about 160 ms on average) while the service still counts them: about 9.7 s.
		expect(Math.max(...arrivedAt)).toBeLessThan(9_750);
	});

	it("frees a burst's slots one by one from their calls' sends, not all a second after the start", async () => {
		// A burst of 50 leaves n8n over 25 ms (the first call last), and n8n hands the answers back
		// over 25 ms (the first call first): every answer comes 325 ms after its call was let
		// through, so the answers alone cannot tell which call left late. Freed at exactly 1,000 ms,
		// the next calls would arrive within a second of the first burst's last ones.
		const window = await measured(new SecondWindow(50));
		const spread = (index: number) => Math.floor((index % 50) / 2);
		const { arrivedAt, run } = await arrivals(
			window,
			150,
			50,
			(index) => 25 - spread(index),
			(index) => spread(index),
		);
		await jest.advanceTimersByTimeAsync(60_000);
		await run;
		expect(peakPerSecond(arrivedAt)).toBeLessThanOrEqual(50);
		expect(Math.min(...arrivedAt.slice(50))).toBeGreaterThanOrEqual(1050);
	});

	it('counts a call until its answer, however long it waits inside n8n before it is sent', async () => {
		const window = await measured(new SecondWindow(2));
		const first = await window.take();
		await window.take();
		let third = false;
		void window.take().then(() => (third = true));
		await jest.advanceTimersByTimeAsync(5_000);
		// Neither call has been answered: both may still be on their way, so both still count.
		expect(third).toBe(false);
		expect(window.state()).toEqual({ rate: 2, counted: 2 });
		window.answered(first);
		// Answered 5 s after it was let through, it left 300 ms (the latency) before its answer at the
		// latest: it counts a second and the margin from then.
		await jest.advanceTimersByTimeAsync(1000 + SEND_MARGIN_MS - 300 - 1);
		expect(third).toBe(false);
		await jest.advanceTimersByTimeAsync(1);
		expect(third).toBe(true);
	});

	it('two executions that use one key share its window and stay within the setting together', async () => {
		const headers = { api_key: 'shared-key' };
		const one = secondWindowFor('https://a.example.test', headers, 50);
		const two = secondWindowFor('https://a.example.test', { ...headers }, 50);
		expect(two).toBe(one);
		expect(secondWindowFor('https://a.example.test', { api_key: 'other-key' }, 50)).not.toBe(one);
		expect(secondWindowFor('https://b.example.test', headers, 50)).not.toBe(one);
		const a = await arrivals(one, 200, 50, (index) => 20 + ((index * 13) % 90));
		const b = await arrivals(two, 200, 50, (index) => 20 + ((index * 29) % 90));
		await jest.advanceTimersByTimeAsync(60_000);
		await Promise.all([a.run, b.run]);
		expect(peakPerSecond([...a.arrivedAt, ...b.arrivedAt])).toBeLessThanOrEqual(50);
		expect(peakPerSecond(a.arrivedAt)).toBeGreaterThan(15);
		expect(peakPerSecond(b.arrivedAt)).toBeGreaterThan(15);
	});

	it('halves the rate on a per-second 429, once for calls refused together, then recovers gradually', async () => {
		const window = await measured(new SecondWindow(50));
		const slots = await Promise.all(Array.from({ length: 10 }, async () => await window.take()));
		await jest.advanceTimersByTimeAsync(300);
		window.answered(slots[0], 'refused');
		window.answered(slots[1], 'refused');
		expect(window.state().rate).toBe(25);
		// A refusal of a call let through after the cut is a new event.
		const later = await window.take();
		await jest.advanceTimersByTimeAsync(300);
		window.answered(later, 'refused');
		expect(window.state().rate).toBe(12);
		// A tenth of the setting back per quiet second, up to three quarters of the refused rate
		// (18); one call more after every five quiet seconds; the setting once reached.
		const rates: number[] = [];
		for (let second = 1; second <= 12; second++) {
			await jest.advanceTimersByTimeAsync(1000);
			rates.push(window.state().rate);
		}
		expect(rates).toEqual([17, 18, 18, 18, 19, 19, 19, 19, 19, 20, 20, 20]);
		for (const slot of slots.slice(2)) window.answered(slot);
	});

	it('a refusal answered at once is not taken as the service latency', async () => {
		// A rate limiter refuses in about a millisecond; the service answers in 300 ms. Were the
		// refusal the quickest answer, the accepted call would count from 299 ms, not from 0.
		const window = await measured(new SecondWindow(50));
		const refused = await window.take();
		const accepted = await window.take();
		await jest.advanceTimersByTimeAsync(1);
		window.answered(refused, 'refused');
		await jest.advanceTimersByTimeAsync(299);
		window.answered(accepted);
		await jest.advanceTimersByTimeAsync(1100 - 300);
		expect(window.state().counted).toBe(0);
	});
});

describe("SecondWindow, on a key's first calls", () => {
	beforeEach(() => jest.useFakeTimers({ now: 3_000_000 }));
	afterEach(() => jest.useRealTimers());

	it('measures the latency on a first call let through alone, so a burst that left late stays counted', async () => {
		// As measured in n8n: calls let through at the same moment are prepared one after another and
		// leave together, here 110 ms later; a call let through alone leaves at once. The service
		// answers a burst's calls one per millisecond, 300 ms after each arrived. Judged by the
		// burst's quickest answer (410 ms), the burst would seem sent at once, its slots would free
		// a second after their release, and the next calls, let through one by one as the slots
		// freed, would arrive within a second of the burst's arrival.
		const window = new SecondWindow(50);
		const t0 = Date.now();
		const takenAtSameMs = new Map<number, number>();
		const arrivedAtSameMs = new Map<number, number>();
		const arrivedAt: number[] = [];
		const run = runPaced(
			100,
			{ inFlight: 50, minIntervalMs: 0 },
			async () => {
				const slot = await window.take();
				const takenAt = Date.now();
				takenAtSameMs.set(takenAt, (takenAtSameMs.get(takenAt) ?? 0) + 1);
				// Meanwhile the other calls of the same moment are let through.
				await sleep(1);
				if (takenAtSameMs.get(takenAt)! > 1) await sleep(109);
				const at = Date.now();
				arrivedAt.push(at - t0);
				const place = arrivedAtSameMs.get(at) ?? 0;
				arrivedAtSameMs.set(at, place + 1);
				await sleep(300 + place);
				window.answered(slot);
			},
			() => true,
		);
		await jest.advanceTimersByTimeAsync(60_000);
		await run;
		expect(arrivedAt).toHaveLength(100);
		expect(peakPerSecond(arrivedAt)).toBeLessThanOrEqual(50);
		// The first call alone (1 ms), the other 49 at its answer (411 ms), the next ones a second
		// and the margin after each arrived; the first call's own slot a second and the margin after
		// its answer (301 ms), since its own delay in n8n is what it could not measure.
		const sorted = [...arrivedAt].sort((a, b) => a - b);
		expect([sorted[0], sorted[1], sorted[49], sorted[50], sorted[51]]).toEqual([
			1, 411, 411, 1352, 1461,
		]);
		expect(sorted[99]).toBe(1461 + 48);
	});

	it(`lets the others go at the first call's answer, or ${LEAD_MAX_MS} ms after it`, async () => {
		const window = new SecondWindow(50);
		const lead = await window.take();
		let second = false;
		const waiting = window.take().then((slot) => {
			second = true;
			return slot;
		});
		await jest.advanceTimersByTimeAsync(LEAD_MAX_MS - 1);
		expect(second).toBe(false);
		await jest.advanceTimersByTimeAsync(1);
		expect(second).toBe(true);
		// The latency is still unknown: an answered call counts a second and the margin from its answer.
		await jest.advanceTimersByTimeAsync(300);
		window.answered(await waiting);
		await jest.advanceTimersByTimeAsync(1000 + SEND_MARGIN_MS - 1);
		expect(window.state().counted).toBe(2);
		await jest.advanceTimersByTimeAsync(1);
		expect(window.state().counted).toBe(1);
		window.answered(lead);
	});

	it('a first call refused measures nothing: the next call leads alone', async () => {
		const window = new SecondWindow(50);
		const lead = await window.take();
		const released: string[] = [];
		const next = window.take().then((slot) => (released.push('next'), slot));
		const last = window.take().then((slot) => (released.push('last'), slot));
		await jest.advanceTimersByTimeAsync(1);
		window.answered(lead, 'refused');
		await jest.advanceTimersByTimeAsync(0);
		expect(released).toEqual(['next']);
		await jest.advanceTimersByTimeAsync(300);
		window.answered(await next);
		await jest.advanceTimersByTimeAsync(0);
		expect(released).toEqual(['next', 'last']);
		window.answered(await last);
	});
});
