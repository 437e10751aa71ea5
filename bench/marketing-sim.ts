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
 * every seeded lead into that (seed) static list. `BENCH_ENRICHMENT_RECORDS` (default 0) seeds that
 * many ANZ people and global contacts (answered after `BENCH_ENRICHMENT_LATENCY_MS`, default 20,
 * at their documented 50 requests per second per key); `enrichment-stats` answers each service's
 * calls, 429 refusals and most arrivals within one second since the last `enrichment-reset`;
 * `reset-peaks` starts the marketing peaks (in flight, per window) again.
 *
 * The marketing service's side of a flow step (`test/simulator/flowStep.ts`, for
 * `queue-flow-step.ts`): `{ type: 'flow-install', url, apiKey }` installs the provider from its
 * install document's URL; `{ type: 'flow-invoke', base, apiKey, leads }` invokes it with a batch
 * and answers the statuses and how long the provider took to answer (with `killOnAnswer`,
 * process ids, it SIGKILLs those processes the moment the answer is in); `flow-state` answers every
 * invocation (its leads, statuses, and each accepted callback's leads, results and arrival time),
 * the refused callbacks, and whether the held enrichment request arrived;
 * `{ type: 'hold-enrichment', after, holdMs }` lets `after` more global enrichment requests
 * through, then holds the answer to the next one `holdMs`.
 */
import { startServices } from '../test/simulator';
import type { Lead } from '../test/simulator/flowStep';
import { DEMO_ANZ_SEED, generateAnzPeople } from '../test/simulator/anzSalesIntelligence';
import { DEMO_GLOBAL_SEED, generateGlobalContacts } from '../test/simulator/globalEnrichment';
import { peakPerSecond } from '../test/harness/rate';

const TRIGGER_PATH = /^\/rest\/v1\/campaigns\/\d+\/trigger\.json$/;
const is =
	<T>(type: string) =>
	(message: unknown): message is T =>
		typeof message === 'object' && message !== null && (message as { type?: string }).type === type;
const isHold = is<{ after: number; holdMs: number }>('hold-trigger');
const isAudit = is<{ emailPrefix: string; count: number; listIds: number[] }>('audit');
const isAddLists = is<{ lists: Array<{ id: number; name: string }> }>('add-lists');
const isFlowInstall = is<{ url: string; apiKey: string }>('flow-install');
const isFlowInvoke = is<{ base: string; apiKey: string; leads: Lead[]; killOnAnswer?: number[] }>(
	'flow-invoke',
);
const isHoldEnrichment = is<{ after: number; holdMs: number }>('hold-enrichment');

async function main() {
	const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 300);
	const seed = Number(process.env.BENCH_SEED_LEADS ?? 0);
	const bulk = {
		startupMs: Number(process.env.BENCH_BULK_STARTUP_MS ?? 2000),
		rowsPerSecond: Number(process.env.BENCH_BULK_ROWS_PER_SECOND ?? 2000),
	};
	const records = Number(process.env.BENCH_ENRICHMENT_RECORDS ?? 0);
	const enrichmentLatencyMs = Number(process.env.BENCH_ENRICHMENT_LATENCY_MS ?? 20);
	const sim = await startServices({
		marketing: { latencyMs, bulk },
		...(records > 0 && {
			anz: {
				...DEMO_ANZ_SEED,
				people: generateAnzPeople(records),
				credits: 1e9,
				latencyMs: enrichmentLatencyMs,
			},
			global: {
				...DEMO_GLOBAL_SEED,
				contacts: generateGlobalContacts(records),
				credits: 1e9,
				latencyMs: enrichmentLatencyMs,
			},
		}),
	});
	const service = sim.services.marketing;
	/** Arrival times per enrichment service, since the last `enrichment-reset`. */
	const arrivals = { anz: [] as number[], global: [] as number[] };
	for (const name of ['anz', 'global'] as const) {
		const enrichment = sim.services[name];
		const handle = enrichment.handle.bind(enrichment);
		enrichment.handle = (request) => {
			arrivals[name].push(request.receivedAt ?? Date.now());
			return handle(request);
		};
	}
	/** The global enrichment request held for `queue-flow-step.ts` (armed by `hold-enrichment`). */
	const enrichmentHold = { armed: false, left: 0, holdMs: 0, heldAt: 0 };
	{
		const global = sim.services.global;
		const handle = global.handle.bind(global);
		global.handle = (request) => {
			const answer = handle(request);
			if (!enrichmentHold.armed || enrichmentHold.left-- > 0) return answer;
			enrichmentHold.armed = false;
			enrichmentHold.heldAt = Date.now();
			return { ...answer, delayMs: (answer.delayMs ?? 0) + enrichmentHold.holdMs };
		};
	}
	/** When each flow-step invocation's callbacks were accepted (epoch ms), by run. */
	const flow = sim.services.flowStep;
	const callbackTimes = new Map<string, number[]>();
	{
		const handle = flow.handle.bind(flow);
		flow.handle = (request) => {
			const answer = handle(request);
			const run = /^\/flowstep\/callback\/([^/]+)$/.exec(request.path)?.[1] ?? '';
			if (answer.status === 200)
				callbackTimes.set(run, [...(callbackTimes.get(run) ?? []), Date.now()]);
			return answer;
		};
	}
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
				// When each rate refusal arrived (epoch ms), to place them in a round.
				refusedAt: service.calls
					.filter((c) => c.code === '606' || c.code === '615')
					.map((c) => `${c.at}:${c.code}${c.from ? `:${String(c.from)}` : ''}`),
				// Each tagged process's first six calls (epoch ms and code): how its first wave went.
				firstCalls: service.calls.reduce<Record<string, string[]>>((first, c) => {
					if (!c.from) return first;
					const mine = (first[String(c.from)] ??= []);
					if (mine.length < 6) mine.push(`${c.at}:${c.code ?? 'ok'}:${c.path.split('/').pop()}`);
					return first;
				}, {}),
			});
		} else if (message === 'reset-peaks') {
			Object.assign(service.counters, {
				maxConcurrentSeen: 0,
				maxInWindowSeen: 0,
				maxArrivalsInWindowSeen: 0,
			});
			process.send?.({ type: 'ok' });
		} else if (message === 'enrichment-reset') {
			for (const name of ['anz', 'global'] as const) {
				sim.services[name].resetCounters();
				arrivals[name].length = 0;
			}
			process.send?.({ type: 'ok' });
		} else if (message === 'enrichment-stats') {
			const of = (name: 'anz' | 'global') => ({
				calls: sim.services[name].snapshot().calls,
				refused: sim.services[name].snapshot().rateLimited,
				peakPerSecond: peakPerSecond(arrivals[name]),
			});
			process.send?.({ type: 'enrichment-stats', anz: of('anz'), global: of('global') });
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
		} else if (isFlowInstall(message)) {
			flow.install(message.url, { apiKey: message.apiKey }).then(
				(installed) =>
					process.send?.({
						type: 'flow-installed',
						schemaVersion: (installed.document.info as { 'x-schemaVersion'?: string })[
							'x-schemaVersion'
						],
						status: installed.status,
					}),
				(error: Error) => process.send?.({ type: 'flow-installed', error: error.message }),
			);
		} else if (isFlowInvoke(message)) {
			const started = Date.now();
			flow.invoke(message.base, { leads: message.leads, auth: { apiKey: message.apiKey } }).then(
				(invocation) => {
					const answeredMs = Date.now() - started;
					// These processes die the moment the answer is in (the main instance, for
					// `queue-flow-step.ts`), before the benchmark could even hear of it.
					for (const pid of message.killOnAnswer ?? []) {
						try {
							process.kill(pid, 'SIGKILL');
						} catch {
							// already gone
						}
					}
					process.send?.({
						type: 'flow-invoked',
						run: invocation.run,
						statuses: invocation.statuses,
						answeredMs,
						sentAt: started,
						killedAfterMs: message.killOnAnswer ? Date.now() - started - answeredMs : undefined,
					});
				},
				(error: Error) => process.send?.({ type: 'flow-invoked', error: error.message }),
			);
		} else if (message === 'flow-state') {
			process.send?.({
				type: 'flow-state',
				invocations: [...flow.invocations.values()].map((invocation) => ({
					run: invocation.run,
					leadIds: invocation.leadIds,
					statuses: invocation.statuses,
					callbacks: invocation.callbacks.map((callback, index) => {
						const body = callback.body as {
							objectData?: Array<{
								leadData?: { id?: number };
								activityData?: { success?: boolean };
							}>;
						};
						return {
							at: callbackTimes.get(invocation.run)?.[index] ?? 0,
							leadIds: (body.objectData ?? []).map((entry) => entry.leadData?.id),
							succeeded: (body.objectData ?? []).filter(
								(entry) => entry.activityData?.success === true,
							).length,
						};
					}),
				})),
				refused: flow.refused,
				enrichmentHeldAt: enrichmentHold.heldAt,
			});
		} else if (isHoldEnrichment(message)) {
			Object.assign(enrichmentHold, {
				armed: true,
				left: message.after,
				holdMs: message.holdMs,
				heldAt: 0,
			});
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
