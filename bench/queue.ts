/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a local benchmark, never shipped */
/**
 * `npm run bench:queue`: the marketing node in a real n8n in queue mode. PostgreSQL and Redis
 * (Debian packages `postgresql` and `redis-server`) run as private instances on free local ports,
 * one n8n main and two workers (7 executions each) share one simulated marketing instance with the
 * service's real limits (100 calls per 20 s, 10 in flight, `BENCH_LATENCY_MS` per call, 300 ms by
 * default). 14 executions start at once through production webhooks: 6 upserts, 4 look-ups and 4
 * list reads. The credential keeps its defaults (50 calls per 20 s and 5 in flight per process;
 * `BENCH_QUEUE_CALLS` and `BENCH_QUEUE_IN_FLIGHT` set others, e.g. 25 and 2 for two workers).
 * Prints calls against the minimum (and each process's minimum, from the executions each worker's
 * log names: Bull hands the 14 executions out as the workers take them, so their shares differ),
 * rejections (per 500 calls, per code, and when each arrived), wall time against the floor, the
 * machine's 1-minute load average, CPU and peak memory of the workers, and checks that nothing was
 * lost or written twice.
 * Everything it starts is stopped at the end, and its folders are removed.
 *
 * Two more rounds on the same stack (`BENCH_QUEUE_ROUNDS`, default `workers,main,enrichment`):
 * - **main too**: the same 14 executions, and meanwhile `BENCH_QUEUE_MAIN_RUNS` (default 5) manual
 *   upserts of 3,000 leads that the main instance runs itself (n8n runs manual executions on main
 *   unless `OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true`), `BENCH_QUEUE_MAIN_DELAY_MS` (default 0)
 *   after the workers' executions: three processes share the instance, main with about as many
 *   calls as a worker (50 against 52 on average);
 * - **enrichment**: 4 ANZ Person → Enrich executions and 4 Global Contact → Find executions on
 *   the connection contract (one call per contact), `BENCH_QUEUE_ENRICH` (default 500) records
 *   each, one key per service, at the credentials' defaults, on the 2 workers; the simulator
 *   answers in `BENCH_ENRICHMENT_LATENCY_MS` (default 20) and refuses the 51st request within any
 *   second (per key, and per endpoint for the global service), as both services document.
 * Both print rejections per 500 calls.
 */
import fs from 'node:fs';
import os from 'node:os';

import { LEAD_UPSERT_BY_EMAIL } from '../test/harness/marketing';
import { ownerSession } from '../test/e2e/runner';
import { runBench, say, startQueueStack, usage, wait, webhookWorkflow } from './queue-stack';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 300);
const UPSERTS = 6;
const LOOKUPS = 4;
const READS = 4;
const LEADS_PER_UPSERT = Number(process.env.BENCH_QUEUE_LEADS ?? 3000);
const EMAILS_PER_LOOKUP = 3000;
const BATCH = 300;
const WORKER_CONCURRENCY = 7;
const WORKERS = Number(process.env.BENCH_QUEUE_WORKERS ?? 2);
/** The credential's settings: its defaults unless given. */
const CALLS_PER_20_SECONDS = Number(process.env.BENCH_QUEUE_CALLS ?? 50);
const CALLS_IN_FLIGHT = Number(process.env.BENCH_QUEUE_IN_FLIGHT ?? 5);
const ROUNDS = (process.env.BENCH_QUEUE_ROUNDS ?? 'workers,main,enrichment').split(',');
/** 5 manual upserts of 10 calls: main gets about as many calls as a worker (52 on average). */
const MAIN_RUNS = Number(process.env.BENCH_QUEUE_MAIN_RUNS ?? 5);
/** How long after the workers' executions main starts its own (0 to 5 s in issue 49's rounds). */
const MAIN_DELAY_MS = Number(process.env.BENCH_QUEUE_MAIN_DELAY_MS ?? 0);
const ENRICH_RECORDS = Number(process.env.BENCH_QUEUE_ENRICH ?? 500);
const ENRICH_EXECUTIONS = 4;

const credentials = {
	marketingAutomationApi: { id: 'benchQueueCred001', name: 'Bench marketing' },
};
const splitOut = {
	name: 'One Item Each',
	type: 'n8n-nodes-base.splitOut',
	parameters: { fieldToSplitOut: 'body.records', options: {} },
};
const upsertRecords = (run: number) =>
	Array.from({ length: LEADS_PER_UPSERT }, (_, i) => ({
		email: `queue${run}-${i}@example.org`,
		firstName: `Q${run}`,
		lastName: `N${i}`,
	}));
const anzCredentials = { anzSalesIntelligenceApi: { id: 'benchQueueAnz0001', name: 'Bench ANZ' } };
const globalCredentials = {
	globalEnrichmentApi: { id: 'benchQueueGlob001', name: 'Bench global contract' },
};
/** Manual upserts for the main instance: their records are the Webhook node's pinned data. */
const mainUpserts = Array.from({ length: MAIN_RUNS }, (_, n) => ({
	...webhookWorkflow(
		`benchQueueMain${String(n).padStart(3, '0')}`,
		`Queue bench: main upsert ${n}`,
		`bench-main-${n}`,
		[
			splitOut,
			{
				name: 'Upsert',
				type: 'n8n-nodes-agent-platform.marketingAutomation',
				parameters: LEAD_UPSERT_BY_EMAIL,
				credentials,
			},
		],
	),
	pinData: { Webhook: [{ json: { body: { records: upsertRecords(100 + n) } } }] },
}));
const workflows = [
	...mainUpserts,
	webhookWorkflow('benchQueueAnz0001', 'Queue bench: ANZ enrich', 'bench-anz', [
		splitOut,
		{
			name: 'Enrich',
			type: 'n8n-nodes-agent-platform.anzSalesIntelligence',
			parameters: {
				resource: 'person',
				operation: 'enrich',
				identifyBy: 'email',
				email: '={{ $json.email }}',
			},
			credentials: anzCredentials,
		},
	]),
	webhookWorkflow('benchQueueGlob001', 'Queue bench: global find', 'bench-global', [
		splitOut,
		{
			name: 'Find',
			type: 'n8n-nodes-agent-platform.globalEnrichment',
			parameters: {
				resource: 'contact',
				operation: 'find',
				identifyBy: 'email',
				email: '={{ $json.email }}',
			},
			credentials: globalCredentials,
		},
	]),
	webhookWorkflow('benchQueueUpsert01', 'Queue bench: upsert', 'bench-upsert', [
		splitOut,
		{
			name: 'Upsert',
			type: 'n8n-nodes-agent-platform.marketingAutomation',
			parameters: LEAD_UPSERT_BY_EMAIL,
			credentials,
		},
	]),
	webhookWorkflow('benchQueueLookup01', 'Queue bench: look-up', 'bench-lookup', [
		splitOut,
		{
			name: 'Look Up',
			type: 'n8n-nodes-agent-platform.marketingAutomation',
			parameters: {
				resource: 'lead',
				operation: 'getAll',
				filterType: 'email',
				filterValues: '={{ $json.email }}',
				returnAll: true,
				options: {},
			},
			credentials,
		},
	]),
	webhookWorkflow('benchQueueRead001', 'Queue bench: list read', 'bench-read', [
		{
			name: 'Members',
			type: 'n8n-nodes-agent-platform.marketingAutomation',
			parameters: {
				resource: 'list',
				operation: 'getMembers',
				list: { __rl: true, mode: 'id', value: '1001' },
				returnAll: true,
				options: {},
			},
			credentials,
		},
	]),
];

async function main() {
	const { workers, workerLogs, stats, httpPort, ask } = await startQueueStack({
		script: 'bench:queue',
		latencyMs: LATENCY_MS,
		seedLeads: EMAILS_PER_LOOKUP,
		workers: WORKERS,
		workerConcurrency: WORKER_CONCURRENCY,
		credential: {
			...credentials.marketingAutomationApi,
			callsPer20Seconds: CALLS_PER_20_SECONDS,
			callsInFlight: CALLS_IN_FLIGHT,
		},
		workflows,
		simulatorSettings: { BENCH_ENRICHMENT_RECORDS: String(ENRICH_RECORDS * ENRICH_EXECUTIONS) },
		// The credentials' defaults: 20 Lookups per Second, 3 Bulk Calls in Flight.
		moreCredentials: (simUrl) => [
			{
				...anzCredentials.anzSalesIntelligenceApi,
				type: 'anzSalesIntelligenceApi',
				data: { api: 'service', serviceUrl: `${simUrl}/anz`, apiKey: 'anz-demo-key' },
			},
			{
				...globalCredentials.globalEnrichmentApi,
				type: 'globalEnrichmentApi',
				data: { api: 'contract', baseUrl: `${simUrl}/global`, apiKey: 'global-demo-key' },
			},
		],
	});
	const serverUrl = `http://127.0.0.1:${httpPort}`;

	const call = async (hook: string, records: object[]) => {
		const answer = await fetch(`${serverUrl}/webhook/${hook}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ records }),
		});
		if (!answer.ok)
			throw new Error(`${hook}: HTTP ${answer.status} ${(await answer.text()).slice(0, 300)}`);
	};
	/** The owner's session, set up once (a second setup would end the first one's session). */
	let owner: Promise<Record<string, string>> | undefined;
	/** A manual execution, which the main instance runs itself; resolves when it has finished. */
	const runOnMain = async (workflowId: string) => {
		owner ??= ownerSession(serverUrl);
		const session = await owner;
		const started = await fetch(`${serverUrl}/rest/workflows/${workflowId}/run`, {
			method: 'POST',
			headers: { ...session, 'content-type': 'application/json' },
			body: JSON.stringify({ triggerToStartFrom: { name: 'Webhook' } }),
		});
		const text = await started.text();
		const executionId = (JSON.parse(text) as { data?: { executionId?: string } }).data?.executionId;
		if (!started.ok || !executionId)
			throw new Error(`manual run: HTTP ${started.status} ${text.slice(0, 300)}`);
		for (;;) {
			await wait(500);
			const answer = await fetch(`${serverUrl}/rest/executions/${executionId}`, {
				headers: session,
			});
			const status = ((await answer.json()) as { data?: { status?: string } }).data?.status;
			if (status === 'success') return;
			if (status === 'error' || status === 'crashed' || status === 'canceled')
				throw new Error(`manual run ${executionId} ended ${status}`);
		}
	};
	/** Calls each workflow's execution makes at the least (see `minimum` below). */
	const callsOf: Record<string, number> = {
		benchQueueUpsert01: Math.ceil(LEADS_PER_UPSERT / BATCH),
		benchQueueLookup01: Math.ceil(EMAILS_PER_LOOKUP / BATCH),
		benchQueueRead001: 1,
	};
	/**
	 * The minimum calls of the executions each worker started since its log had `from` characters
	 * (from the workers' logs and the executions' workflows): whether main had as many as a worker.
	 */
	const callsPerWorker = async (from: number[]) => {
		owner ??= ownerSession(serverUrl);
		const session = await owner;
		return await Promise.all(
			workerLogs.map(async (log, i) => {
				const text = fs.readFileSync(log, 'utf8').slice(from[i]);
				const ids = [...text.matchAll(/Worker started execution (\d+)/g)].map((m) => m[1]);
				let sum = 0;
				for (const id of ids) {
					const answer = await fetch(`${serverUrl}/rest/executions/${id}`, { headers: session });
					const workflowId = ((await answer.json()) as { data?: { workflowId?: string } }).data
						?.workflowId;
					sum += callsOf[workflowId ?? ''] ?? 0;
				}
				return { executions: ids.length, calls: sum };
			}),
		);
	};
	const lookupRecords = () =>
		Array.from({ length: EMAILS_PER_LOOKUP }, (_, i) => ({ email: `bench${i}@example.org` }));

	say(
		`Queue mode: 1 main + ${WORKERS} workers (concurrency ${WORKER_CONCURRENCY} each), PostgreSQL, Redis; ${LATENCY_MS} ms per call; credential: ${CALLS_PER_20_SECONDS} calls per 20 s and ${CALLS_IN_FLIGHT} in flight per process`,
	);
	let round = 0;
	/** The 14 executions on the workers (and `mainRuns` manual upserts on main), then the figures. */
	const marketingRound = async (title: string, mainRuns: number) => {
		round++;
		await ask('reset-peaks');
		const before = workers.map((w) => usage(w.pid!));
		const s0 = await stats();
		const logFrom = workerLogs.map((log) => fs.statSync(log).size);
		const loadBefore = os.loadavg()[0];
		const started = Date.now();
		await Promise.all([
			...Array.from({ length: UPSERTS }, (_, run) =>
				call('bench-upsert', upsertRecords(round * 10 + run)),
			),
			...Array.from({ length: LOOKUPS }, () => call('bench-lookup', lookupRecords())),
			...Array.from({ length: READS }, () => call('bench-read', [{}])),
			...mainUpserts.slice(0, mainRuns).map(async (w) => {
				await wait(MAIN_DELAY_MS);
				await runOnMain(w.id);
			}),
		]);
		const wallS = (Date.now() - started) / 1000;
		const loadAfter = os.loadavg()[0];
		const after = workers.map((w) => usage(w.pid!));
		const perWorker = await callsPerWorker(logFrom);
		const s1 = await stats();
		const calls = s1.calls - s0.calls;
		const rejections = s1.rejections - s0.rejections;
		const byCode = (stat: Record<string, unknown>) =>
			(stat.rejectedByCode ?? {}) as Record<string, number>;
		const rejectedByCode = Object.entries(byCode(s1))
			.map(([code, n]) => [code, n - (byCode(s0)[code] ?? 0)] as const)
			.filter(([, n]) => n > 0)
			.map(([code, n]) => `${n} × ${code}`)
			.join(', ');
		/** When the round's refusals arrived, in seconds after its start. */
		const refusedAt = ((s1 as Record<string, unknown>).refusedAt as string[] | undefined)
			?.map((entry) => entry.split(':'))
			.filter(([at]) => Number(at) >= started)
			.map(
				([at, code, from]) =>
					`${((Number(at) - started) / 1000).toFixed(2)} s ${code}${from ? ` (${from})` : ''}`,
			)
			.join(', ');
		/** Each process's first calls (a fresh process's first wave follows its head start). */
		const firstCalls = Object.entries(
			((s1 as Record<string, unknown>).firstCalls as Record<string, string[]> | undefined) ?? {},
		)
			.sort(([a], [b]) => a.localeCompare(b))
			.map(
				([from, entries]) =>
					`${from}: ${entries
						.map((entry) => entry.split(':'))
						.map(
							([at, code, file]) =>
								`${((Number(at) - started) / 1000).toFixed(3)} s ${file} ${code}`,
						)
						.join(', ')}`,
			)
			.join('; ');
		const upserts = UPSERTS + mainRuns;
		const minimum =
			upserts * Math.ceil(LEADS_PER_UPSERT / BATCH) +
			LOOKUPS * Math.ceil(EMAILS_PER_LOOKUP / BATCH) +
			READS;
		// The service's own limits: 100 calls per 20 s and 10 in flight, each call taking the latency.
		const floorS = Math.max(
			Math.floor((calls - 1) / 100) * 20 + LATENCY_MS / 1000,
			(LATENCY_MS / 1000) * Math.ceil(calls / 10),
		);
		const items = UPSERTS * LEADS_PER_UPSERT + LOOKUPS * EMAILS_PER_LOOKUP;
		const cpuS = after.reduce((sum, u, i) => sum + u.cpuS - before[i].cpuS, 0);
		say('');
		say(`${title}`);
		say('');
		say('| Figure | Value |');
		say('| --- | --- |');
		say(
			`| Executions (upserts / look-ups / reads) | ${UPSERTS} × ${LEADS_PER_UPSERT}${mainRuns ? ` + ${mainRuns} × ${LEADS_PER_UPSERT} on main` : ''} / ${LOOKUPS} × ${EMAILS_PER_LOOKUP} / ${READS} |`,
		);
		say(`| Calls (minimum) | ${calls} (${minimum}) |`);
		say(
			`| Minimum calls per process (executions): main, workers | ${mainRuns * Math.ceil(LEADS_PER_UPSERT / BATCH)} (${mainRuns}), ${perWorker.map((w) => `${w.calls} (${w.executions})`).join(', ')} |`,
		);
		say(
			`| Rejections (606/615) | ${rejections} (${((rejections / Math.max(1, calls + rejections)) * 500).toFixed(2)} per 500 calls${rejectedByCode ? `; ${rejectedByCode}` : ''}) |`,
		);
		if (refusedAt) say(`| Refusals arrived (after the round's start) | ${refusedAt} |`);
		if (firstCalls) say(`| Each process's first calls arrived | ${firstCalls} |`);
		say(
			`| Most calls in flight / in one 20 s window (executed; arrived, rejected ones included) | ${s1.maxConcurrentSeen} / ${s1.maxInWindowSeen}; ${s1.maxArrivalsInWindowSeen} |`,
		);
		say(
			`| Wall time / floor | ${wallS.toFixed(1)} s / ${floorS.toFixed(1)} s (${(wallS / Math.max(floorS, 0.001)).toFixed(2)}×) |`,
		);
		say(
			`| 1-minute load average, start / end | ${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)} |`,
		);
		say(`| Workers' CPU per 1,000 items | ${((cpuS * 1000) / (items / 1000)).toFixed(0)} ms |`);
		say(`| Workers' peak memory | ${after.map((u) => `${u.peakMb.toFixed(0)} MB`).join(', ')} |`);
		say(`| Upserts sent for one e-mail at once (duplicates) | ${s1.overlappingUpserts} |`);
		say(
			`| Leads the upserts stored (expected) | ${s1.leads - s0.leads} (${upserts * LEADS_PER_UPSERT}) |`,
		);
	};

	if (ROUNDS.includes('workers')) await marketingRound('Marketing, the workers executing', 0);
	if (ROUNDS.includes('main') && MAIN_RUNS > 0) {
		await wait(21_000); // the last round's calls leave the service's window
		await marketingRound(
			`Marketing, main executing too (${MAIN_RUNS} manual upserts, ${MAIN_DELAY_MS / 1000} s after the workers')`,
			MAIN_RUNS,
		);
	}
	if (ROUNDS.includes('enrichment')) {
		await ask('enrichment-reset');
		const started = Date.now();
		const records = (kind: 'person' | 'contact', n: number) =>
			Array.from({ length: ENRICH_RECORDS }, (_, i) => ({
				email:
					kind === 'person'
						? `person${n * ENRICH_RECORDS + i}@bench.example.com.au`
						: `contact${n * ENRICH_RECORDS + i}@bench.example.com`,
			}));
		await Promise.all(
			Array.from({ length: ENRICH_EXECUTIONS }, async (_, n) => {
				await call('bench-anz', records('person', n));
				await call('bench-global', records('contact', n));
			}),
		);
		const wallS = (Date.now() - started) / 1000;
		const e =
			await ask<
				Record<'anz' | 'global', { calls: number; refused: number; peakPerSecond: number }>
			>('enrichment-stats');
		say('');
		say(
			`Enrichment, ${ENRICH_EXECUTIONS} executions per key on ${WORKERS} workers, ${ENRICH_RECORDS} records each, credentials at their defaults (${wallS.toFixed(1)} s in all)`,
		);
		say('');
		say(
			'| Service | Calls (minimum) | Refused (429) | Per 500 calls | Most arrivals in one second |',
		);
		say('| --- | --- | --- | --- | --- |');
		for (const [name, label] of [
			['anz', 'ANZ Person → Enrich, 20 Lookups per Second'],
			['global', 'Global Contact → Find on the contract, one call per contact'],
		] as const) {
			const f = e[name];
			say(
				`| ${label} | ${f.calls} (${ENRICH_EXECUTIONS * ENRICH_RECORDS}) | ${f.refused} | ${((f.refused / Math.max(1, f.calls)) * 500).toFixed(2)} | ${f.peakPerSecond} |`,
			);
		}
	}
}

runBench(main);
