/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- a local benchmark, never shipped */
/**
 * A real n8n in queue mode for the queue benchmarks (`bench/queue.ts`, `bench/queue-kill.ts`):
 * private PostgreSQL and Redis (Debian packages `postgresql` and `redis-server`) on free ports of
 * 127.0.0.1, the marketing simulator in its own process (`marketing-sim.ts`), the packed package
 * installed as a community package, credentials and workflows imported, one n8n main and N workers.
 *
 * Every process it starts (and their children, such as n8n's task runners and PostgreSQL's backends)
 * is stopped by `stopAll()`, and its folder is removed, also when the caller fails or is
 * interrupted (`runBench` installs the handlers). Waits are bounded.
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { CACHE_DIR, ensureN8n, n8nEnv, type N8nInstall } from '../scripts/n8n';
import { installPackage, packPackage } from '../scripts/package';
import { freePort } from '../test/e2e/runner';

export const ENCRYPTION_KEY = 'bench-queue-encryption-key-not-secret';

const children: ChildProcess[] = [];
let workDir: string | undefined;
export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const say = (line: string) => process.stdout.write(`${line}\n`);

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

function requireTools(script: string): Record<string, string> {
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
			`${script} needs ${missing.map(([name]) => name).join(', ')}: install the Debian packages with ` +
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

/** A process and all its descendants, deepest last, from /proc. */
function processTree(pid: number): number[] {
	const tree = [pid];
	for (let i = 0; i < tree.length; i++) {
		try {
			const list = fs.readFileSync(`/proc/${tree[i]}/task/${tree[i]}/children`, 'utf8').trim();
			if (list) tree.push(...list.split(/\s+/).map(Number));
		} catch {
			// gone
		}
	}
	return tree;
}

const signal = (pid: number, name: NodeJS.Signals) => {
	try {
		process.kill(pid, name);
	} catch {
		// already gone
	}
};

/** A process and its descendants' ids (to kill them from another process). */
export const pidsOf = (child: ChildProcess) => (child.pid ? processTree(child.pid) : []);

/** SIGKILL a process with its children at once, the way a machine or container dies. */
export function killHard(child: ChildProcess) {
	if (child.pid) for (const pid of processTree(child.pid)) signal(pid, 'SIGKILL');
}

/** Stops every process started here (newest first, then whatever is left with SIGKILL), removes the folder. */
export async function stopAll() {
	const trees = children
		.reverse()
		.filter((child) => child.pid && child.exitCode === null && child.signalCode === null)
		.map((child) => processTree(child.pid!));
	for (const tree of trees) for (const pid of tree) signal(pid, 'SIGTERM');
	const deadline = Date.now() + 8000;
	const alive = (pid: number) => fs.existsSync(`/proc/${pid}`) && !isZombie(pid);
	while (Date.now() < deadline && trees.some((tree) => tree.some(alive))) await wait(200);
	for (const tree of trees) for (const pid of tree) if (alive(pid)) signal(pid, 'SIGKILL');
	children.length = 0;
	if (workDir && process.env.BENCH_KEEP !== '1')
		fs.rmSync(workDir, { recursive: true, force: true });
}

function isZombie(pid: number): boolean {
	try {
		return / Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(')')[1] ?? '');
	} catch {
		return false;
	}
}

/** Runs a benchmark, stopping everything on success, failure, Ctrl-C or SIGTERM. */
export function runBench(main: () => Promise<void>) {
	let stopping = false;
	const finish = async (code: number) => {
		if (stopping) return;
		stopping = true;
		await stopAll();
		process.exit(code);
	};
	process.on('SIGINT', () => void finish(130));
	process.on('SIGTERM', () => void finish(143));
	main().then(
		() => finish(0),
		(error: Error) => {
			process.stderr.write(`${error.stack ?? error.message}\n`);
			void finish(1);
		},
	);
}

export async function until(
	what: string,
	check: () => boolean | Promise<boolean>,
	timeoutMs = 120_000,
) {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await wait(250);
	}
}

export const logHas = (file: string, text: string | RegExp) => {
	if (!fs.existsSync(file)) return false;
	const content = fs.readFileSync(file, 'utf8');
	return typeof text === 'string' ? content.includes(text) : text.test(content);
};

/** CPU seconds and peak resident memory (MB) of a process and its children, from /proc. */
export function usage(pid: number): { cpuS: number; peakMb: number } {
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

/** A production-webhook workflow: Webhook, then `steps` in a line (each connected to the next). */
export function webhookWorkflow(
	id: string,
	name: string,
	webhookPath: string,
	steps: object[],
	webhook: Record<string, unknown> = { responseMode: 'lastNode' },
) {
	const nodes: Array<{ name: string } & Record<string, unknown>> = [
		{
			id: `${id}-hook`,
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: `${id}-hook`,
			parameters: { httpMethod: 'POST', path: webhookPath, options: {}, ...webhook },
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
	return {
		id,
		name,
		active: false,
		nodes,
		connections,
		settings: { executionOrder: 'v1' } as Record<string, unknown>,
	};
}

export interface QueueStackOptions {
	/** The script's name, for messages. */
	script: string;
	latencyMs: number;
	/** Leads `bench<i>@example.org` stored in the simulator up front. */
	seedLeads?: number;
	workers: number;
	workerConcurrency: number;
	/** The marketing credential's share of the instance per n8n process. */
	credential: { id: string; name: string; callsPer20Seconds: number; callsInFlight: number };
	workflows: Array<{ id: string }>;
	/** Settings for every n8n process (main and workers). */
	n8nSettings?: Record<string, string>;
	/** Settings for the simulator process (see `marketing-sim.ts`). */
	simulatorSettings?: Record<string, string>;
	/** Further credentials to import, given the simulator's address. */
	moreCredentials?: (simUrl: string) => object[];
}

export interface QueueStack {
	work: string;
	logs: string;
	install: N8nInstall;
	simUrl: string;
	httpPort: number;
	/** The main instance's process. */
	main: ChildProcess;
	workers: ChildProcess[];
	workerLogs: string[];
	mainLog: string;
	/** The simulator's counters (see `marketing-sim.ts`). */
	stats(): Promise<Record<string, number>>;
	/** A question to the simulator process (see `marketing-sim.ts`) and its answer. */
	ask<T>(message: unknown): Promise<T>;
	/** Sends a message to the simulator process. */
	tellSimulator(message: unknown): void;
}

/** Starts PostgreSQL, Redis, the simulator, and n8n (main + workers) with the package installed. */
export async function startQueueStack(options: QueueStackOptions): Promise<QueueStack> {
	const tools = requireTools(options.script);
	const work = fs.mkdtempSync(path.join(CACHE_DIR, 'bench-queue-'));
	workDir = work;
	const logs = path.join(work, 'logs');
	fs.mkdirSync(logs);
	// PostgreSQL refuses to run as root: its folder belongs to the postgres user.
	const pgDir = path.join(work, 'pg');
	fs.mkdirSync(pgDir);
	execFileSync('chown', ['-R', 'postgres:postgres', work]);
	fs.chmodSync(work, 0o755);
	execFileSync(
		tools.runuser,
		['-u', 'postgres', '--', tools.initdb, '-D', pgDir, '-A', 'trust', '-U', 'postgres'],
		{ stdio: 'ignore', timeout: 120_000 },
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
				timeout: 10_000,
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

	// The simulated instance, in its own process.
	const sim = fork(path.join(__dirname, 'marketing-sim.ts'), [], {
		env: {
			...process.env,
			BENCH_LATENCY_MS: String(options.latencyMs),
			BENCH_SEED_LEADS: String(options.seedLeads ?? 0),
			...options.simulatorSettings,
		},
		stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
	});
	children.push(sim);
	const simUrl = await Promise.race([
		new Promise<string>((resolve) =>
			sim.on('message', (m: { type: string; url: string }) => m.type === 'ready' && resolve(m.url)),
		),
		wait(60_000).then(() => {
			throw new Error('Timed out waiting for the simulator');
		}),
	]);
	/** One question to the simulator process and its answer (it answers in order). */
	const ask = async <T>(message: unknown) =>
		await new Promise<T>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error('The simulator did not answer')), 30_000);
			sim.once('message', (answer: T) => {
				clearTimeout(timer);
				resolve(answer);
			});
			sim.send(message as string);
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
		...options.n8nSettings,
	});
	/** Each process tags its requests (`tag-requests.cjs`): the simulator records whose call it was. */
	const envFor = async (tag?: string) => ({
		...base,
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
		...(tag
			? {
					BENCH_PROCESS: tag,
					NODE_OPTIONS:
						`${base.NODE_OPTIONS ?? ''} --require ${path.join(__dirname, 'tag-requests.cjs')}`.trim(),
				}
			: {}),
	});
	const n8n = (args: string[], env: NodeJS.ProcessEnv, log: string) =>
		start(install.nodeBin, [install.n8nBin, ...args], { env, log, cwd: userFolder });
	const once = async (args: string[]) => {
		const log = path.join(logs, `${args[0].replace(':', '-')}.log`);
		const child = n8n(args, await envFor(), log);
		const code = await Promise.race([
			new Promise<number | null>((resolve) => child.on('exit', resolve)),
			wait(300_000).then(() => 'timed out'),
		]);
		if (code !== 0)
			throw new Error(
				`n8n ${args.join(' ')} failed (${code}):\n${fs.readFileSync(log, 'utf8').slice(-2000)}`,
			);
	};
	const file = (name: string, content: unknown) => {
		const target = path.join(work, name);
		fs.writeFileSync(target, JSON.stringify(content));
		return target;
	};
	const { id, name, callsPer20Seconds, callsInFlight } = options.credential;
	await once([
		'import:credentials',
		`--input=${file('credentials.json', [
			{
				id,
				name,
				type: 'marketingAutomationApi',
				data: {
					restEndpoint: `${simUrl}/rest`,
					clientId: 'demo-client-id',
					clientSecret: 'demo-client-secret',
					callsPer20Seconds,
					callsInFlight,
				},
			},
			...(options.moreCredentials?.(simUrl) ?? []),
		])}`,
	]);
	await once(['import:workflow', `--input=${file('workflows.json', options.workflows)}`]);
	for (const workflow of options.workflows) await once(['publish:workflow', `--id=${workflow.id}`]);

	const mainLog = path.join(logs, 'main.log');
	const main = n8n(['start'], await envFor('main'), mainLog);
	await until('the n8n main instance', () => logHas(mainLog, 'Editor is now accessible'), 180_000);
	const workers: ChildProcess[] = [];
	const workerLogs: string[] = [];
	for (let i = 1; i <= options.workers; i++) {
		const log = path.join(logs, `worker${i}.log`);
		workers.push(
			n8n(
				['worker', `--concurrency=${options.workerConcurrency}`],
				await envFor(`worker${i}`),
				log,
			),
		);
		workerLogs.push(log);
		await until(`worker ${i}`, () => logHas(log, 'n8n worker is now ready'), 180_000);
	}
	return {
		work,
		logs,
		install,
		simUrl,
		httpPort,
		main,
		workers,
		workerLogs,
		mainLog,
		stats: async () => await ask<Record<string, number>>('stats'),
		ask,
		tellSimulator: (message) => sim.send(message as string),
	};
}

/** An execution as the editor reads it (`GET /rest/executions/:id`), its data unflattened. */
export async function readExecution<Data>(
	rest: <T>(method: string, route: string) => Promise<T>,
	parse: (text: string) => unknown,
	id: string,
): Promise<{ id: string; status: string; mode: string; retryOf?: string; data: Data }> {
	const execution = await rest<{
		id: string;
		status: string;
		mode: string;
		retryOf?: string;
		data: string;
	}>('GET', `/executions/${id}`);
	return { ...execution, data: parse(execution.data) as Data };
}
