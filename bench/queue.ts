/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a local benchmark, never shipped */
/**
 * `npm run bench:queue`: the marketing node in a real n8n in queue mode. PostgreSQL and Redis
 * (Debian packages `postgresql` and `redis-server`) run as private instances on free local ports,
 * one n8n main and two workers (7 executions each) share one simulated marketing instance with the
 * service's real limits (100 calls per 20 s, 10 in flight, `BENCH_LATENCY_MS` per call, 300 ms by
 * default). 14 executions start at once through production webhooks: 6 upserts, 4 look-ups and 4
 * list reads. The credential keeps its defaults (50 calls per 20 s and 5 in flight per process;
 * `BENCH_QUEUE_CALLS` and `BENCH_QUEUE_IN_FLIGHT` set others, e.g. 25 and 2 for two workers). Prints calls against the minimum, rejections (and per 500 calls), wall time
 * against the floor, CPU and peak memory of the workers, and checks that nothing was lost or
 * written twice. Everything it starts is stopped at the end, and its folders are removed.
 */
import { LEAD_UPSERT_BY_EMAIL } from '../test/harness/marketing';
import { runBench, say, startQueueStack, usage, webhookWorkflow } from './queue-stack';

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

const credentials = {
	marketingAutomationApi: { id: 'benchQueueCred001', name: 'Bench marketing' },
};
const splitOut = {
	name: 'One Item Each',
	type: 'n8n-nodes-base.splitOut',
	parameters: { fieldToSplitOut: 'body.records', options: {} },
};
const workflows = [
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
	const { workers, stats, httpPort } = await startQueueStack({
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
	});
	const before = workers.map((w) => usage(w.pid!));
	const leadsBefore = (await stats()).leads;

	const call = async (hook: string, records: object[]) => {
		const answer = await fetch(`http://127.0.0.1:${httpPort}/webhook/${hook}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ records }),
		});
		if (!answer.ok)
			throw new Error(`${hook}: HTTP ${answer.status} ${(await answer.text()).slice(0, 300)}`);
	};
	const upsertRecords = (run: number) =>
		Array.from({ length: LEADS_PER_UPSERT }, (_, i) => ({
			email: `queue${run}-${i}@example.org`,
			firstName: `Q${run}`,
			lastName: `N${i}`,
		}));
	const lookupRecords = () =>
		Array.from({ length: EMAILS_PER_LOOKUP }, (_, i) => ({ email: `bench${i}@example.org` }));

	say(
		`Queue mode: 1 main + ${WORKERS} workers (concurrency ${WORKER_CONCURRENCY} each), PostgreSQL, Redis; ${LATENCY_MS} ms per call; credential: ${CALLS_PER_20_SECONDS} calls per 20 s and ${CALLS_IN_FLIGHT} in flight per process`,
	);
	const started = Date.now();
	await Promise.all([
		...Array.from({ length: UPSERTS }, (_, run) => call('bench-upsert', upsertRecords(run))),
		...Array.from({ length: LOOKUPS }, () => call('bench-lookup', lookupRecords())),
		...Array.from({ length: READS }, () => call('bench-read', [{}])),
	]);
	const wallS = (Date.now() - started) / 1000;
	const after = workers.map((w) => usage(w.pid!));
	const s = await stats();

	const minimum =
		UPSERTS * Math.ceil(LEADS_PER_UPSERT / BATCH) +
		LOOKUPS * Math.ceil(EMAILS_PER_LOOKUP / BATCH) +
		READS;
	// The service's own limits: 100 calls per 20 s and 10 in flight, each call taking the latency.
	const floorS = Math.max(
		Math.floor((s.calls - 1) / 100) * 20 + LATENCY_MS / 1000,
		(LATENCY_MS / 1000) * Math.ceil(s.calls / 10),
	);
	const items = UPSERTS * LEADS_PER_UPSERT + LOOKUPS * EMAILS_PER_LOOKUP;
	const cpuS = after.reduce((sum, u, i) => sum + u.cpuS - before[i].cpuS, 0);
	say('| Figure | Value |');
	say('| --- | --- |');
	say(
		`| Executions (upserts / look-ups / reads) | ${UPSERTS} × ${LEADS_PER_UPSERT} / ${LOOKUPS} × ${EMAILS_PER_LOOKUP} / ${READS} |`,
	);
	say(`| Calls (minimum) | ${s.calls} (${minimum}) |`);
	say(
		`| Rejections (606/615) | ${s.rejections} (${((s.rejections / Math.max(1, s.calls)) * 500).toFixed(2)} per 500 calls) |`,
	);
	say(
		`| Most calls in flight / in one 20 s window (executed; arrived, rejected ones included) | ${s.maxConcurrentSeen} / ${s.maxInWindowSeen}; ${s.maxArrivalsInWindowSeen} |`,
	);
	say(
		`| Wall time / floor | ${wallS.toFixed(1)} s / ${floorS.toFixed(1)} s (${(wallS / Math.max(floorS, 0.001)).toFixed(2)}×) |`,
	);
	say(`| Workers' CPU per 1,000 items | ${((cpuS * 1000) / (items / 1000)).toFixed(0)} ms |`);
	say(`| Workers' peak memory | ${after.map((u) => `${u.peakMb.toFixed(0)} MB`).join(', ')} |`);
	say(`| Upserts sent for one e-mail at once (duplicates) | ${s.overlappingUpserts} |`);
	say(
		`| Leads the upserts stored (expected) | ${s.leads - leadsBefore} (${UPSERTS * LEADS_PER_UPSERT}) |`,
	);
}

runBench(main);
