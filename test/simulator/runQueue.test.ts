import { RunQueue, type Run } from './runQueue';

const run = (id: string, queuedAt: number, durationMs = 80): Run => ({
	kind: 'tool',
	id,
	queuedAt,
	durationMs,
	content: '',
});

describe('RunQueue', () => {
	it('queues over the limit and ends each run its duration after it started', () => {
		const queue = new RunQueue(1);
		const [a, b] = [run('a', 0), run('b', 10)];
		queue.enqueue(a);
		queue.enqueue(b);
		expect(queue.phase(b, 79)).toBe('queued');
		queue.advance(1000);
		expect([a.startAt, a.endAt, b.startAt, b.endAt]).toEqual([0, 80, 80, 160]);
		expect(queue.phase(b, 80)).toBe('running');
		expect(queue.phase(b, 160)).toBe('done');
	});

	it('runs sent far apart never overlap, so the peak is what arrived while one ran', () => {
		const queue = new RunQueue(1);
		[run('a', 0), run('b', 100), run('c', 200)].forEach((r) => queue.enqueue(r));
		expect(queue.peakUnfinished).toBe(1);
	});

	it('holds every run until the set number is queued, then starts them from that moment', () => {
		const queue = new RunQueue(1);
		queue.holdUntilQueued = 3;
		const runs = [run('a', 0), run('b', 100), run('c', 200)];
		runs.forEach((r) => queue.enqueue(r));
		expect(queue.peakUnfinished).toBe(3);
		queue.advance(1000);
		expect(runs.map((r) => [r.startAt, r.endAt])).toEqual([
			[200, 280],
			[280, 360],
			[360, 440],
		]);
		expect(queue.concurrency()).toMatchObject({ limit: 1 });
		expect(queue.holdUntilQueued).toBe(0);
	});
});
