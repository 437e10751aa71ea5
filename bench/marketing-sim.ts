/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a local benchmark, never shipped */
/**
 * The marketing simulator in its own process for `marketing.bench.ts`, so the CPU the benchmark
 * measures is n8n's and the node's, not the simulated service's. Real limits (100 calls per 20 s,
 * 10 in flight, 606/615 beyond), `BENCH_LATENCY_MS` per call (default 300), and
 * `BENCH_SEED_LEADS` leads `bench<i>@example.org` stored up front. Answers `stats` and `stop`.
 */
import { startServices } from '../test/simulator';

async function main() {
	const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 300);
	const seed = Number(process.env.BENCH_SEED_LEADS ?? 0);
	const sim = await startServices({ marketing: { latencyMs } });
	const service = sim.services.marketing;
	for (let i = 0; i < seed; i++) {
		service.addLead({ email: `bench${i}@example.org`, firstName: `Bench${i}` });
	}
	process.on('message', (message) => {
		if (message === 'stats') {
			process.send?.({
				type: 'stats',
				calls: service.calls.filter((c) => !c.code).length,
				attempts: service.calls.length,
				rejections: service.rejections(),
				rejectedByCode: service.counters.rejected,
				maxConcurrentSeen: service.counters.maxConcurrentSeen,
				maxInWindowSeen: service.counters.maxInWindowSeen,
				overlappingUpserts: service.counters.overlappingUpserts,
				leads: service.leads.size,
			});
		} else if (message === 'stop') {
			void sim.close().then(() => process.exit(0));
		}
	});
	process.send?.({ type: 'ready', url: sim.url });
}

void main();
