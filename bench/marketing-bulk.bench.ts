/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- a local benchmark, never shipped */
/**
 * Marketing Automation bulk jobs against Create or Update, in n8n's engine (this process) with the
 * simulator in its own process (real REST limits: 100 calls / 20 s, 10 in flight; a latency of
 * `BENCH_LATENCY_MS`, default 300 ms, per call; bulk jobs `BENCH_BULK_STARTUP_MS`, default 2 s, to
 * start and `BENCH_BULK_ROWS_PER_SECOND`, default 2,000, rows a second each, 2 at a time).
 *
 * For every size in `BENCH_BULK_ROWS` (default `100000`; e.g. `100000,1000000`) it imports that many
 * new leads:
 * - with Bulk Import from items, at the credential's defaults (50 calls / 20 s, 5 in flight) and at
 *   the full instance setting (100 / 20 s, 10 in flight);
 * - with Bulk Import from one binary CSV file on one item (defaults);
 * - with Create or Update, at both settings, when the size is at most `BENCH_BULK_REST_MAX_ROWS`
 *   (default 100,000); above it the REST path's calls and rate-limit floor are computed, not run.
 * `BENCH_BULK_SOURCES` (default `items,file,rest`) picks which of the three run, and
 * `BENCH_BULK_SETTINGS` (default `defaults,full instance`) the settings of the import from items.
 * Then it extracts `BENCH_BULK_EXTRACT_ROWS` (default: the largest size) leads of one static list to
 * one binary CSV file (`0`: no extract).
 *
 * Floors: bulk import = upload bytes / `BENCH_BULK_MBPS` (default 100 MB/s, the stated bandwidth) +
 * (jobs x start-up + rows / rate) / 2 slots; REST = the rate limit's 20-s windows (or latency x calls
 * / calls in flight, whichever is larger); extract = start-up + rows / rate + file bytes / bandwidth.
 * Peak memory is this process's RSS (sampled every 100 ms) above its RSS before the run, and in
 * total. The load average is printed with the figures.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import type { IDataObject } from 'n8n-workflow';

import type { BenchModule } from './run';

const CREDENTIAL = 'marketingAutomationApi';
const WINDOW_MS = 20_000;
const LIST_ID = 1003;
const SETTINGS = {
	defaults: { callsPer20Seconds: 50, callsInFlight: 5 },
	'full instance': { callsPer20Seconds: 100, callsInFlight: 10 },
};
type Setting = keyof typeof SETTINGS;

interface BulkStats {
	imports: number;
	importsComplete: number;
	leadsProcessed: number;
	uploadBytes: number;
	exports: number;
	exportRecords: number;
	exportBytes: number;
	leads: number;
	peakRss: number;
}

interface Env {
	latencyMs: number;
	startupMs: number;
	rowsPerSecond: number;
	bytesPerMs: number;
}

async function startSimulator(env: Env, seedLeads = 0) {
	const child: ChildProcess = fork(path.join(__dirname, 'marketing-sim.ts'), [], {
		env: {
			...process.env,
			BENCH_LATENCY_MS: String(env.latencyMs),
			BENCH_SEED_LEADS: String(seedLeads),
			BENCH_SEED_LIST: String(LIST_ID),
			BENCH_BULK_STARTUP_MS: String(env.startupMs),
			BENCH_BULK_ROWS_PER_SECOND: String(env.rowsPerSecond),
		},
		stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
	});
	const next = <T>(type: string) =>
		new Promise<T>((resolve, reject) => {
			const onMessage = (message: { type?: string }) => {
				if (message?.type !== type) return;
				child.off('message', onMessage);
				resolve(message as T);
			};
			child.on('message', onMessage);
			child.once('exit', (code) => reject(new Error(`simulator exited (${code})`)));
		});
	const { url } = await next<{ url: string }>('ready');
	const ask = async <T>(type: string) => {
		const answer = next<T>(type);
		child.send(type);
		return await answer;
	};
	return {
		url,
		pid: child.pid,
		stats: async () =>
			await ask<{ attempts: number; rejections: number; byPath: Record<string, number> }>('stats'),
		bulkStats: async () => await ask<BulkStats>('bulk-stats'),
		async stop() {
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.send('stop');
			await exited;
		},
	};
}

function collectGarbage() {
	setFlagsFromString('--expose_gc');
	(runInNewContext('gc') as () => void)();
}

/**
 * Milliseconds the main thread of process `pid` (the one that runs its JavaScript) ran on a CPU,
 * and waited runnable for one (`/proc/<pid>/schedstat`; zeros where Linux does not offer it). The
 * waiting is the time the machine's other work starved it of a CPU.
 */
function schedstat(pid: number | string = 'self'): { ranMs: number; waitedMs: number } {
	try {
		const [ran, waited] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
		return { ranMs: ran / 1e6, waitedMs: waited / 1e6 };
	} catch {
		// Not Linux, or the process has gone: no figures.
		return { ranMs: 0, waitedMs: 0 };
	}
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const load = () =>
	os
		.loadavg()
		.map((l) => l.toFixed(1))
		.join(' / ');

/** The REST path's least time: whole 20-s windows of the setting, or latency with calls in flight. */
function restFloorMs(calls: number, setting: Setting, latencyMs: number): number {
	const { callsPer20Seconds, callsInFlight } = SETTINGS[setting];
	const rate = Math.floor(Math.max(0, calls - 1) / callsPer20Seconds) * WINDOW_MS + latencyMs;
	return Math.max(rate, Math.ceil(calls / callsInFlight) * latencyMs);
}

async function run(): Promise<string> {
	process.env.N8N_USER_FOLDER ??= path.resolve(__dirname, '../.cache/bench-n8n');
	process.env.N8N_LOG_LEVEL ??= 'silent';
	process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS ??= 'false';
	process.env.N8N_DIAGNOSTICS_ENABLED ??= 'false';
	const { runWorkflow } = await import('../test/harness');
	const { DEMO_CLIENT } = await import('../test/simulator/marketing');
	const { LEAD_UPSERT_BY_EMAIL } = await import('../test/harness/marketing');
	const env: Env = {
		latencyMs: Number(process.env.BENCH_LATENCY_MS ?? 300),
		startupMs: Number(process.env.BENCH_BULK_STARTUP_MS ?? 2000),
		rowsPerSecond: Number(process.env.BENCH_BULK_ROWS_PER_SECOND ?? 2000),
		bytesPerMs: (Number(process.env.BENCH_BULK_MBPS ?? 100) * 1024 * 1024) / 1000,
	};
	const sizes = (process.env.BENCH_BULK_ROWS ?? '100000').split(',').map(Number);
	const restMax = Number(process.env.BENCH_BULK_REST_MAX_ROWS ?? 100_000);
	const extractRows = Number(process.env.BENCH_BULK_EXTRACT_ROWS ?? Math.max(...sizes));
	const sources = (process.env.BENCH_BULK_SOURCES ?? 'items,file,rest').split(',');
	const settings = (process.env.BENCH_BULK_SETTINGS ?? Object.keys(SETTINGS).join(','))
		.split(',')
		.filter((name): name is Setting => name in SETTINGS);

	const header = [
		'scenario',
		'calls',
		'jobs',
		'wall',
		'floor',
		'ratio',
		'CPU (n8n / sim)',
		'starved (n8n / sim)',
		'wall - starved',
		'peak RSS (+ over start)',
		'load avg at end',
		'result',
	];
	const rows: string[][] = [header];
	const callsOf: Record<string, number> = {};

	interface Run {
		title: string;
		items: IDataObject[];
		binary?: Parameters<typeof runWorkflow>[0]['binary'];
		parameters: Record<string, unknown>;
		setting: Setting;
		seedLeads?: number;
		floor: (bulk: BulkStats, calls: number) => number;
		check: (bulk: BulkStats, outputs: number, error?: string) => string;
	}

	async function measure(spec: Run) {
		const sim = await startSimulator(env, spec.seedLeads ?? 0);
		try {
			collectGarbage();
			const startRss = process.memoryUsage().rss;
			let peakRss = startRss;
			const sampler = setInterval(
				() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)),
				100,
			);
			const cpuBefore = process.cpuUsage();
			const simBefore = schedstat(sim.pid);
			const selfBefore = schedstat();
			const started = Date.now();
			const result = await runWorkflow({
				nodes: {
					type: 'marketingAutomation',
					typeVersion: 2,
					parameters: spec.parameters as never,
					credentialTypes: [CREDENTIAL],
				},
				items: spec.items,
				binary: spec.binary,
				credentials: {
					[CREDENTIAL]: {
						restEndpoint: `${sim.url}/rest`,
						clientId: DEMO_CLIENT.clientId,
						clientSecret: DEMO_CLIENT.clientSecret,
						...SETTINGS[spec.setting],
					},
				},
			});
			const wall = Date.now() - started;
			const cpu = process.cpuUsage(cpuBefore);
			const selfAfter = schedstat();
			const simAfter = schedstat(sim.pid);
			const starved = selfAfter.waitedMs - selfBefore.waitedMs;
			const simCpu = simAfter.ranMs - simBefore.ranMs;
			const simStarved = simAfter.waitedMs - simBefore.waitedMs;
			clearInterval(sampler);
			peakRss = Math.max(peakRss, process.memoryUsage().rss);
			const stats = await sim.stats();
			const bulk = await sim.bulkStats();
			const floor = spec.floor(bulk, stats.attempts);
			callsOf[spec.title] = stats.attempts;
			process.stderr.write(`[bench] calls of ${spec.title}: ${JSON.stringify(stats.byPath)}\n`);
			const row = [
				spec.title,
				`${stats.attempts}${stats.rejections ? ` (${stats.rejections} refused)` : ''}`,
				String(bulk.imports + bulk.exports),
				seconds(wall),
				seconds(floor),
				`${(wall / floor).toFixed(2)}x`,
				`${seconds((cpu.user + cpu.system) / 1000)} / ${seconds(simCpu)}`,
				`${seconds(starved)} / ${seconds(simStarved)}`,
				`${seconds(wall - starved)} = ${((wall - starved) / floor).toFixed(2)}x`,
				`${mb(peakRss)} (+${mb(peakRss - startRss)})`,
				load(),
				spec.check(bulk, result.output().length, result.error?.message),
			];
			rows.push(row);
			// Each figure as it comes, so a long run that is stopped still leaves its measurements.
			process.stderr.write(`[bench] ${row.join(' | ')}\n`);
		} finally {
			await sim.stop();
		}
	}

	const lead = (prefix: string) => (i: number) => ({
		email: `${prefix}${i}@example.org`,
		firstName: `Bench${i}`,
		lastName: 'Bulk',
		company: 'Bench Pty Ltd',
	});
	const bulkImport = (source: 'items' | 'binary') => ({
		resource: 'bulkImport',
		operation: 'import',
		object: 'leads',
		source,
		...(source === 'binary' ? { binaryPropertyName: 'data', format: 'csv' } : {}),
		lookupField: 'email',
		waitForCompletion: true,
		options: { timeLimit: 120 },
	});
	const importFloor = (bulk: BulkStats) =>
		bulk.uploadBytes / env.bytesPerMs +
		(bulk.imports * env.startupMs + (bulk.leadsProcessed / env.rowsPerSecond) * 1000) / 2;
	const imported = (n: number) => (bulk: BulkStats, _outputs: number, error?: string) =>
		error
			? `node error: ${error}`
			: `${bulk.leadsProcessed.toLocaleString('en')} of ${n.toLocaleString('en')} imported, ${mb(bulk.uploadBytes)} uploaded`;

	for (const n of sizes) {
		const size = n.toLocaleString('en');
		for (const setting of settings) {
			if (!sources.includes('items')) break;
			await measure({
				title: `bulk from items, ${size}, ${setting}`,
				items: Array.from({ length: n }, (_v, i) => lead(`items-${setting[0]}`)(i)),
				parameters: bulkImport('items'),
				setting,
				floor: importFloor,
				check: imported(n),
			});
		}
		if (sources.includes('file')) await importFile(n);
		for (const setting of Object.keys(SETTINGS) as Setting[]) {
			const calls = Math.ceil(n / 300);
			if (n > restMax || !sources.includes('rest')) {
				rows.push([
					`Create or Update, ${size}, ${setting}`,
					`${calls} (computed)`,
					'-',
					'not run',
					seconds(restFloorMs(calls, setting, env.latencyMs)),
					'-',
					'-',
					'-',
					'-',
					'-',
					load(),
					'computed: one call per 300 leads',
				]);
				callsOf[`Create or Update, ${size}, ${setting}`] = calls;
				continue;
			}
			await measure({
				title: `Create or Update, ${size}, ${setting}`,
				items: Array.from({ length: n }, (_v, i) => lead(`rest-${setting[0]}`)(i)),
				parameters: LEAD_UPSERT_BY_EMAIL,
				setting,
				floor: (_bulk, callCount) => restFloorMs(callCount, setting, env.latencyMs),
				check: (_bulk, outputs, error) => (error ? `node error: ${error}` : `${outputs} outputs`),
			});
		}
	}

	/** One binary CSV file of `n` new leads on one item, imported at the defaults. */
	async function importFile(n: number) {
		const make = lead('file');
		const csv = Buffer.from(
			`email,firstName,lastName,company\n${Array.from({ length: n }, (_v, i) => {
				const l = make(i);
				return `${l.email},${l.firstName},${l.lastName},${l.company}`;
			}).join('\n')}\n`,
		);
		await measure({
			title: `bulk from a ${mb(csv.length)} CSV file, ${n.toLocaleString('en')}, defaults`,
			items: [{}],
			binary: [
				{ data: { data: csv.toString('base64'), mimeType: 'text/csv', fileName: 'leads.csv' } },
			],
			parameters: bulkImport('binary'),
			setting: 'defaults',
			floor: importFloor,
			check: imported(n),
		});
	}

	if (extractRows > 0)
		await measure({
			title: `extract ${extractRows.toLocaleString('en')} leads to a binary file`,
			items: [{}],
			parameters: {
				resource: 'bulkExtract',
				operation: 'extract',
				object: 'leads',
				fields: 'id,email,firstName,createdAt',
				leadFilter: 'staticList',
				list: { __rl: true, mode: 'id', value: String(LIST_ID) },
				output: 'binary',
				binaryPropertyName: 'data',
				waitForCompletion: true,
				options: { timeLimit: 120 },
			},
			setting: 'defaults',
			seedLeads: extractRows,
			floor: (bulk) =>
				env.startupMs +
				(bulk.exportRecords / env.rowsPerSecond) * 1000 +
				bulk.exportBytes / env.bytesPerMs,
			check: (bulk, outputs, error) =>
				error
					? `node error: ${error}`
					: `${outputs} item, ${bulk.exportRecords.toLocaleString('en')} rows, ${mb(bulk.exportBytes)} file`,
		});

	const widths = header.map((_h, c) => Math.max(...rows.map((r) => r[c].length)));
	const table = rows.map((r) => `| ${r.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`);
	table.splice(1, 0, `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
	const shares = sizes.map((n) => {
		const size = n.toLocaleString('en');
		const bulkTitle = Object.keys(callsOf).find(
			(title) => title.startsWith('bulk from') && title.endsWith(`, ${size}, defaults`),
		);
		if (!bulkTitle) return `${size} leads: no bulk import run`;
		const bulk = callsOf[bulkTitle];
		const rest = callsOf[`Create or Update, ${size}, defaults`];
		return `${size} leads: ${bulkTitle} ${bulk} calls = ${((bulk / rest) * 100).toFixed(2)} % of the REST path's ${rest} (target at most 1 %)`;
	});
	return [
		`Bulk jobs: ${env.startupMs} ms start-up, ${env.rowsPerSecond} rows/s each, 2 at a time; stated bandwidth ${Number(process.env.BENCH_BULK_MBPS ?? 100)} MB/s;`,
		`REST latency ${env.latencyMs} ms per call; ${os.cpus().length} CPUs, load average at start ${load()}.`,
		'',
		...table,
		'',
		...shares,
	].join('\n');
}

const bench: BenchModule = {
	title: 'Marketing Automation: bulk jobs against Create or Update',
	run,
};
export default bench;
