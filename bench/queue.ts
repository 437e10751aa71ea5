/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- a local benchmark, never shipped */
/**
 * `npm run bench:queue`: the marketing node in a real n8n in queue mode. PostgreSQL and Redis
 * (Debian packages `postgresql` and `redis-server`) run as private instances on free local ports,
 * one n8n main and two workers (7 executions each) share one simulated marketing instance with the
 * service's real limits (100 calls per 20 s, 10 in flight, `BENCH_LATENCY_MS` per call, 300 ms by
 * default). 14 executions start at once through production webhooks: 6 upserts, 4 look-ups and 4
 * list reads. The credential keeps the README's setting for two workers (25 calls per 20 s and 2
 * in flight each). Prints calls against the minimum, rejections (and per 500 calls), wall time
 * against the floor, CPU and peak memory of the workers, and checks that nothing was lost or
 * written twice. Everything it starts is stopped at the end, and its folders are removed.
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { CACHE_DIR, ensureN8n, n8nEnv } from '../scripts/n8n';
import { installPackage, packPackage } from '../scripts/package';
import { freePort } from '../test/e2e/runner';
import { LEAD_UPSERT_BY_EMAIL } from '../test/harness/marketing';
import { DEMO_CLIENT } from '../test/simulator/marketing';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 300);
const UPSERTS = 6;
const LOOKUPS = 4;
const READS = 4;
const LEADS_PER_UPSERT = Number(process.env.BENCH_QUEUE_LEADS ?? 3000);
const EMAILS_PER_LOOKUP = 3000;
const BATCH = 300;
const WORKER_CONCURRENCY = 7;
const WORKERS = Number(process.env.BENCH_QUEUE_WORKERS ?? 2);
const ENCRYPTION_KEY = 'bench-queue-encryption-key-not-secret';

const children: ChildProcess[] = [];
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => process.stdout.write(`${line}\n`);

function which(command: string): string | undefined {
	for (const dir of [
		...(process.env.PATH ?? '').split(':'),
		'/usr/lib/postgresql/15/bin',
		'/usr/sbin',
	]) {
		const full = path.join(dir, command);
		if (fs.existsSync(full)) return full;
	}
	return undefined;
}

function requireTools(): Record<string, string> {
	const tools: Record<string, string | undefined> = {
		redis: which('redis-server'),
		initdb: which('initdb'),
		postgres: which('postgres'),
		pgIsReady: which('pg_isready'),
		runuser: which('runuser'),
	};
	const missing = Object.entries(tools).filter(([, found]) => !found);
	if (missing.length) {
		throw new Error(
			`bench:queue needs ${missing.map(([name]) => name).join(', ')}: install the Debian packages with ` +
				'`apt-get install -y redis-server postgresql` (it starts its own private instances; nothing system-wide is used).',
		);
	}
	return tools as Record<string, string>;
}

function start(
	command: string,
	args: string[],
	options: { env?: NodeJS.ProcessEnv; log: string; cwd?: string },
) {
	const out = fs.openSync(options.log, 'a');
	const child = spawn(command, args, {
		env: options.env ?? process.env,
		cwd: options.cwd,
		stdio: ['ignore', out, out],
	});
	fs.closeSync(out);
	children.push(child);
	return child;
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 120_000) {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await wait(250);
	}
}

const logHas = (file: string, text: string) =>
	fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes(text);

/** CPU seconds and peak resident memory (MB) of a process and its children, from /proc. */
function usage(pid: number): { cpuS: number; peakMb: number } {
	const pids = [pid];
	try {
		const childList = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
		if (childList) pids.push(...childList.split(/\s+/).map(Number));
	} catch {
		// gone
	}
	let cpuS = 0;
	let peakMb = 0;
	const ticks = 100;
	for (const id of pids) {
		try {
			const stat = fs.readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
			cpuS += (Number(stat[11]) + Number(stat[12])) / ticks;
			const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${id}/status`, 'utf8'));
			peakMb += hwm ? Number(hwm[1]) / 1024 : 0;
		} catch {
			// gone
		}
	}
	return { cpuS, peakMb };
}

function webhookWorkflow(id: string, name: string, webhookPath: string, steps: object[]) {
	const nodes: Array<{ name: string } & Record<string, unknown>> = [
		{
			id: `${id}-hook`,
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: `${id}-hook`,
			parameters: { httpMethod: 'POST', path: webhookPath, responseMode: 'lastNode', options: {} },
		},
		...steps.map((step, index) => ({
			name: '',
			id: `${id}-${index}`,
			typeVersion: 1,
			position: [200 * (index + 1), 0],
			...step,
		})),
	];
	const connections: Record<string, object> = {};
	for (let i = 0; i < nodes.length - 1; i++) {
		connections[nodes[i].name] = {
			main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]],
		};
	}
	return { id, name, active: false, nodes, connections, settings: { executionOrder: 'v1' } };
}

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
	const tools = requireTools();
	const work = fs.mkdtempSync(path.join(CACHE_DIR, 'bench-queue-'));
	const logs = path.join(work, 'logs');
	fs.mkdirSync(logs);
	let sim: ChildProcess | undefined;
	try {
		// PostgreSQL refuses to run as root: its folder belongs to the postgres user.
		const pgDir = path.join(work, 'pg');
		fs.mkdirSync(pgDir);
		execFileSync('chown', ['-R', 'postgres:postgres', work]);
		fs.chmodSync(work, 0o755);
		execFileSync(
			tools.runuser,
			['-u', 'postgres', '--', tools.initdb, '-D', pgDir, '-A', 'trust', '-U', 'postgres'],
			{ stdio: 'ignore' },
		);
		const pgPort = await freePort();
		start(
			tools.runuser,
			[
				'-u',
				'postgres',
				'--',
				tools.postgres,
				'-D',
				pgDir,
				'-p',
				String(pgPort),
				'-k',
				pgDir,
				'-c',
				'listen_addresses=127.0.0.1',
			],
			{ log: path.join(logs, 'postgres.log') },
		);
		await until('PostgreSQL', () => {
			try {
				execFileSync(tools.pgIsReady, ['-h', '127.0.0.1', '-p', String(pgPort)], {
					stdio: 'ignore',
				});
				return true;
			} catch {
				return false;
			}
		});
		const redisPort = await freePort();
		start(
			tools.redis,
			['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
			{ log: path.join(logs, 'redis.log') },
		);
		await until('Redis', () => logHas(path.join(logs, 'redis.log'), 'Ready to accept connections'));

		// The simulated instance, in its own process, with leads to look up already stored.
		sim = fork(path.join(__dirname, 'marketing-sim.ts'), [], {
			env: {
				...process.env,
				BENCH_LATENCY_MS: String(LATENCY_MS),
				BENCH_SEED_LEADS: String(EMAILS_PER_LOOKUP),
			},
			stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
		});
		children.push(sim);
		const simUrl = await new Promise<string>((resolve) =>
			sim!.on(
				'message',
				(m: { type: string; url: string }) => m.type === 'ready' && resolve(m.url),
			),
		);
		const stats = async () =>
			await new Promise<Record<string, number>>((resolve) => {
				sim!.once('message', (m: Record<string, number> & { type: string }) => resolve(m));
				sim!.send('stats');
			});

		const install = await ensureN8n();
		const userFolder = path.join(work, 'n8n');
		fs.mkdirSync(userFolder);
		await installPackage(userFolder, await packPackage());
		const httpPort = await freePort();
		const base = n8nEnv(install, userFolder, {
			N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(pgPort),
			DB_POSTGRESDB_USER: 'postgres',
			DB_POSTGRESDB_DATABASE: 'postgres',
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redisPort),
			N8N_PORT: String(httpPort),
			N8N_LOG_LEVEL: 'info',
		});
		const envFor = async () => ({
			...base,
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
		});
		const n8n = (args: string[], env: NodeJS.ProcessEnv, log: string) =>
			start(install.nodeBin, [install.n8nBin, ...args], { env, log, cwd: userFolder });
		const once = async (args: string[]) => {
			const log = path.join(logs, `${args[0].replace(':', '-')}.log`);
			const child = n8n(args, await envFor(), log);
			const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
			if (code !== 0)
				throw new Error(
					`n8n ${args.join(' ')} failed:\n${fs.readFileSync(log, 'utf8').slice(-2000)}`,
				);
		};
		const file = (name: string, content: unknown) => {
			const target = path.join(work, name);
			fs.writeFileSync(target, JSON.stringify(content));
			return target;
		};
		await once([
			'import:credentials',
			`--input=${file('credentials.json', [{ ...credentials.marketingAutomationApi, type: 'marketingAutomationApi', data: { restEndpoint: `${simUrl}/rest`, clientId: DEMO_CLIENT.clientId, clientSecret: DEMO_CLIENT.clientSecret, callsPer20Seconds: 25, callsInFlight: 2 } }])}`,
		]);
		await once(['import:workflow', `--input=${file('workflows.json', workflows)}`]);
		for (const workflow of workflows) await once(['publish:workflow', `--id=${workflow.id}`]);

		const mainLog = path.join(logs, 'main.log');
		n8n(['start'], await envFor(), mainLog);
		await until(
			'the n8n main instance',
			() => logHas(mainLog, 'Editor is now accessible'),
			180_000,
		);
		const workers: ChildProcess[] = [];
		for (let i = 1; i <= WORKERS; i++) {
			const log = path.join(logs, `worker${i}.log`);
			workers.push(n8n(['worker', `--concurrency=${WORKER_CONCURRENCY}`], await envFor(), log));
			await until(`worker ${i}`, () => logHas(log, 'n8n worker is now ready'), 180_000);
		}
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
			`Queue mode: 1 main + ${WORKERS} workers (concurrency ${WORKER_CONCURRENCY} each), PostgreSQL, Redis; ${LATENCY_MS} ms per call; credential: 25 calls per 20 s and 2 in flight per process`,
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
			`| Most calls in flight / in one 20 s window | ${s.maxConcurrentSeen} / ${s.maxInWindowSeen} |`,
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
	} finally {
		sim?.send('stop');
		for (const child of children.reverse()) child.kill('SIGTERM');
		await wait(2000);
		for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
		if (process.env.BENCH_KEEP !== '1') fs.rmSync(work, { recursive: true, force: true });
	}
}

main().catch((error: Error) => {
	process.stderr.write(`${error.stack ?? error.message}\n`);
	for (const child of children) child.kill('SIGKILL');
	process.exit(1);
});
