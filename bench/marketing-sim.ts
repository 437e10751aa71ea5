/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a local benchmark, never shipped */
/**
 * The marketing simulator in its own process for `marketing.bench.ts`, so the CPU the benchmark
 * measures is n8n's and the node's, not the simulated service's. Real limits (100 calls per 20 s,
 * 10 in flight, 606/615 beyond), `BENCH_LATENCY_MS` per call (default 300), and
 * `BENCH_SEED_LEADS` leads `bench<i>@example.org` stored up front. Answers `stats` and `stop`;
 * `{ type: 'hold-trigger', after, holdMs }` lets `after` more campaign requests through, then runs
 * the next one and holds its answer `holdMs` (a call the service ran whose answer is still on its
 * way, for `queue-kill.ts`); `{ type: 'audit', emailPrefix, count, listIds }` counts, for the
 * e-mails `<emailPrefix><i>@example.org` (i < count), the e-mails without a lead, the leads stored
 * twice, and the lists' members among those leads; `{ type: 'add-lists', lists }` creates empty
 * static lists `{ id, name }`; `bulk-stats` answers the bulk jobs' figures (jobs, upload bytes, export
 * records and bytes, this process's peak RSS). Bulk jobs: `BENCH_BULK_STARTUP_MS` (default 2000) to
 * start and `BENCH_BULK_ROWS_PER_SECOND` (default 2000) each, 2 at a time; `BENCH_SEED_LIST` puts
 * every seeded lead into that (seed) static list.
 */
import { startServices } from '../test/simulator';

const TRIGGER_PATH = /^\/rest\/v1\/campaigns\/\d+\/trigger\.json$/;
const is =
	<T>(type: string) =>
	(message: unknown): message is T =>
		typeof message === 'object' && message !== null && (message as { type?: string }).type === type;
const isHold = is<{ after: number; holdMs: number }>('hold-trigger');
const isAudit = is<{ emailPrefix: string; count: number; listIds: number[] }>('audit');
const isAddLists = is<{ lists: Array<{ id: number; name: string }> }>('add-lists');

async function main() {
	const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 300);
	const seed = Number(process.env.BENCH_SEED_LEADS ?? 0);
	const bulk = {
		startupMs: Number(process.env.BENCH_BULK_STARTUP_MS ?? 2000),
		rowsPerSecond: Number(process.env.BENCH_BULK_ROWS_PER_SECOND ?? 2000),
	};
	const sim = await startServices({ marketing: { latencyMs, bulk } });
	const service = sim.services.marketing;
	const seedList = service.lists.get(Number(process.env.BENCH_SEED_LIST ?? 0));
	for (let i = 0; i < seed; i++) {
		const lead = service.addLead({ email: `bench${i}@example.org`, firstName: `Bench${i}` });
		seedList?.members.add(Number(lead.id));
	}
	let peakRss = 0;
	setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200).unref();
	process.on('message', (message) => {
		if (message === 'stats') {
			process.send?.({
				type: 'stats',
				calls: service.calls.filter((c) => !c.code).length,
				attempts: service.calls.length,
				// Calls by method and path, IDs folded, to show where a scenario's calls go.
				byPath: service.calls.reduce<Record<string, number>>((counts, c) => {
					const key = `${c.method} ${c.path.replace(/\d+/g, 'N')}`;
					counts[key] = (counts[key] ?? 0) + 1;
					return counts;
				}, {}),
				rejections: service.rejections(),
				rejectedByCode: service.counters.rejected,
				maxConcurrentSeen: service.counters.maxConcurrentSeen,
				maxInWindowSeen: service.counters.maxInWindowSeen,
				maxArrivalsInWindowSeen: service.counters.maxArrivalsInWindowSeen,
				overlappingUpserts: service.counters.overlappingUpserts,
				leads: service.leads.size,
			});
		} else if (message === 'bulk-stats') {
			const uploads = service.calls.filter(
				(c) =>
					c.method === 'POST' &&
					/^\/bulk\/v1\/(leads|program\/\d+\/members\/import)\.json$/.test(c.path),
			);
			process.send?.({
				type: 'bulk-stats',
				imports: service.bulk.imports.length,
				importsComplete: service.bulk.imports.filter((j) => j.status === 'Complete').length,
				leadsProcessed: service.bulk.imports.reduce((n, j) => n + j.processed, 0),
				uploadBytes: uploads.reduce((n, c) => n + Buffer.byteLength(String(c.body ?? '')), 0),
				exports: service.bulk.exports.length,
				exportRecords: service.bulk.exports.reduce((n, j) => n + (j.numberOfRecords ?? 0), 0),
				exportBytes: service.bulk.exports.reduce((n, j) => n + (j.file?.length ?? 0), 0),
				leads: service.leads.size,
				peakRss: Math.max(peakRss, process.memoryUsage().rss),
			});
		} else if (isAudit(message)) {
			const perEmail = new Map<string, number[]>();
			for (const lead of service.leads.values()) {
				const email = String(lead.email ?? '');
				if (!email.startsWith(message.emailPrefix)) continue;
				perEmail.set(email, [...(perEmail.get(email) ?? []), Number(lead.id)]);
			}
			const leadIds: number[] = [];
			let missing = 0;
			for (let i = 0; i < message.count; i++) {
				const ids = perEmail.get(`${message.emailPrefix}${i}@example.org`) ?? [];
				if (ids.length === 0) missing++;
				leadIds.push(...ids);
			}
			const ours = new Set(leadIds);
			process.send?.({
				type: 'audit',
				missing,
				storedTwice: leadIds.length - (message.count - missing),
				leadIds,
				members: Object.fromEntries(
					message.listIds.map((id) => [
						id,
						[...(service.lists.get(id)?.members ?? [])].filter((lead) => ours.has(lead)),
					]),
				),
			});
		} else if (isAddLists(message)) {
			for (const { id, name } of message.lists) {
				service.lists.set(id, {
					id,
					name,
					description: '',
					programName: 'Onboarding',
					workspaceName: 'Default',
					createdAt: '2026-10-01T00:00:00Z',
					updatedAt: '2026-10-01T00:00:00Z',
					members: new Set<number>(),
				});
			}
			process.send?.({ type: 'ok' });
		} else if (isHold(message)) {
			let seen = 0;
			service.inject('timeout', {
				times: 1,
				holdMs: message.holdMs,
				match: (request) => TRIGGER_PATH.test(request.path) && ++seen > message.after,
			});
		} else if (message === 'stop') {
			void sim.close().then(() => process.exit(0));
		}
	});
	process.send?.({ type: 'ready', url: sim.url });
}

void main();
