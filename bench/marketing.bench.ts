/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- a local benchmark, never shipped */
/**
 * Marketing Automation at scale, in n8n's engine, against the simulator in its own process with
 * the service's real limits (100 calls per 20 s, 10 in flight) and a latency per call
 * (`BENCH_LATENCY_MS`, default 300 ms; the real service takes 0.3 to 2 s). The credential keeps
 * its defaults (50 calls per 20 s, 5 in flight). For 1k / 10k / 100k lead upserts and 1k / 10k
 * look-ups it prints: calls against the minimum, rejections (606/615), wall time against the floor
 * (the larger of the rate-limit floor and latency x calls / calls in flight), their ratio, CPU of
 * this process per 1,000 items (of which garbage collection) both whole and beyond the fixed cost
 * of one execution (measured with one item), and peak memory. Each kind is warmed up first (a
 * long-running n8n has compiled its hot code); 1k and 10k run `BENCH_REPEAT` times (default 3) and
 * the run with the median CPU is shown, since one short run is at the mercy of the machine.
 * `BENCH_MAX_ITEMS` caps the sizes (quick runs).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import type { IDataObject } from 'n8n-workflow';

import type { BenchModule } from './run';
import { LEAD_UPSERT_AS_SAVED, leadLookupByEmail } from '../test/harness/marketing';

const CREDENTIAL = 'marketingAutomationApi';
const WINDOW_MS = 20_000;
/**
 * The node's version: `BENCH_NODE_VERSION` (default 2.1, what a new workflow gets). Each scenario
 * has a fresh simulator, so a 2.1 upsert run is its process's first on the instance and reads the
 * lead describe: one call more than the minimum.
 */
const NODE_VERSION = Number(process.env.BENCH_NODE_VERSION ?? 2.1);
/** The credential's defaults: this process's share of the instance. */
const CALLS_PER_WINDOW = 50;
const CALLS_IN_FLIGHT = 5;

interface SimStats {
	calls: number;
	attempts: number;
	rejections: number;
	rejectedByCode: Record<string, number>;
	maxConcurrentSeen: number;
	maxInWindowSeen: number;
	overlappingUpserts: number;
}

/** A simulator process; each scenario gets a fresh one (fresh window, fresh limiter, fresh data). */
async function startSimulator(latencyMs: number, seedLeads: number) {
	const child: ChildProcess = fork(path.join(__dirname, 'marketing-sim.ts'), [], {
		env: {
			...process.env,
			BENCH_LATENCY_MS: String(latencyMs),
			BENCH_SEED_LEADS: String(seedLeads),
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
	return {
		url,
		async stats(): Promise<SimStats> {
			const answer = next<SimStats>('stats');
			child.send('stats');
			return await answer;
		},
		async stop() {
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.send('stop');
			await exited;
		},
	};
}

/**
 * The least time the calls can take: the rate limit's windows, or latency with calls in flight
 * (the credential's setting: its defaults unless given).
 */
export function floorMs(
	calls: number,
	latencyMs: number,
	setting = { callsPerWindow: CALLS_PER_WINDOW, callsInFlight: CALLS_IN_FLIGHT },
): number {
	const rate = Math.floor(Math.max(0, calls - 1) / setting.callsPerWindow) * WINDOW_MS + latencyMs;
	const latency = Math.ceil(calls / setting.callsInFlight) * latencyMs;
	return Math.max(rate, latency);
}

/** A full garbage collection between scenarios (without starting node with --expose-gc). */
function collectGarbage() {
	setFlagsFromString('--expose_gc');
	(runInNewContext('gc') as () => void)();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The package's own source files, as the profiler names them. */
const PACKAGE_CODE = [
	path.resolve(__dirname, '../nodes'),
	path.resolve(__dirname, '../credentials'),
];

interface CpuProfile {
	nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>;
	samples: number[];
	timeDeltas: number[];
}

/**
 * V8's sampling profiler over one run (`BENCH_PROFILE=1`; it slows the run, so the other figures
 * of such a run are not comparable): the main thread's time in the package's own functions, and in
 * the garbage collector, which the process CPU cannot tell apart from the engine's work.
 */
async function startProfiler() {
	const session = new Session();
	session.connect();
	await session.post('Profiler.enable');
	await session.post('Profiler.setSamplingInterval', { interval: 200 });
	await session.post('Profiler.start');
	return {
		async stop() {
			const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
			session.disconnect();
			const kindOf = new Map<number, 'package' | 'collector' | undefined>();
			for (const node of profile.nodes) {
				const { url, functionName } = node.callFrame;
				const file = url.replace(/^file:\/\//, '');
				if (PACKAGE_CODE.some((dir) => file.startsWith(dir))) kindOf.set(node.id, 'package');
				else if (functionName === '(garbage collector)') kindOf.set(node.id, 'collector');
			}
			let packageUs = 0;
			let collectorUs = 0;
			profile.samples.forEach((id, i) => {
				const kind = kindOf.get(id);
				if (kind === 'package') packageUs += profile.timeDeltas[i] ?? 0;
				if (kind === 'collector') collectorUs += profile.timeDeltas[i] ?? 0;
			});
			return { packageMs: packageUs / 1000, collectorMs: collectorUs / 1000 };
		},
	};
}

async function run(): Promise<string> {
	// n8n-core reads these at import time: keep its files out of the home folder.
	process.env.N8N_USER_FOLDER ??= path.resolve(__dirname, '../.cache/bench-n8n');
	process.env.N8N_LOG_LEVEL ??= 'silent';
	process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS ??= 'false';
	process.env.N8N_DIAGNOSTICS_ENABLED ??= 'false';
	const { runWorkflow } = await import('../test/harness');
	const { DEMO_CLIENT } = await import('../test/simulator/marketing');
	const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 300);
	const maxItems = Number(process.env.BENCH_MAX_ITEMS ?? 100_000);
	const profiling = process.env.BENCH_PROFILE === '1';
	const profileRows: string[] = [];

	const rows: string[][] = [
		[
			'scenario',
			'calls (min)',
			'rejections',
			'wall',
			'floor',
			'ratio',
			'CPU ms / 1k items',
			'beyond the fixed cost',
			'main thread ms / 1k beyond',
			'of which GC',
			'peak heap',
			'peak RSS',
			'errors',
		],
	];

	interface Measured {
		row: string[];
		/** CPU of the whole process: every thread, V8's background collector and compiler too. */
		cpuMs: number;
		/** Time the main thread (engine, expressions, node) was busy: what blocks other executions. */
		mainMs: number;
		/** With `BENCH_PROFILE=1`: main-thread time in the package's own functions and in the collector. */
		profile?: { packageMs: number; collectorMs: number };
	}

	interface Cost {
		cpuMs: number;
		mainMs: number;
	}

	/** One run of `items` items on a fresh simulator (fresh window, limiter and data). */
	async function measure(
		title: string,
		items: number,
		seedLeads: number,
		parameters: Record<string, unknown>,
		makeItem: (i: number) => IDataObject,
	): Promise<Measured> {
		const sim = await startSimulator(latencyMs, seedLeads);
		try {
			const input = Array.from({ length: items }, (_v, i) => makeItem(i));
			const minimum = Math.ceil(items / 300);
			collectGarbage(); // the previous scenario's garbage is not this one's CPU
			let peakHeap = 0;
			let peakRss = 0;
			const sample = () => {
				const memory = process.memoryUsage();
				peakHeap = Math.max(peakHeap, memory.heapUsed);
				peakRss = Math.max(peakRss, memory.rss);
			};
			// Every 100 ms: often enough for the peak, rarely enough not to be the CPU it measures.
			const sampler = setInterval(sample, 100);
			let gcMs = 0;
			const gcWatch = new PerformanceObserver((list) => {
				for (const entry of list.getEntries()) gcMs += entry.duration;
			});
			gcWatch.observe({ entryTypes: ['gc'] });
			const profiler = profiling ? await startProfiler() : undefined;
			const loop = performance.eventLoopUtilization();
			const cpu = process.cpuUsage();
			const started = Date.now();
			const result = await runWorkflow({
				nodes: {
					type: 'marketingAutomation',
					typeVersion: NODE_VERSION,
					parameters: parameters as never,
					credentialTypes: [CREDENTIAL],
				},
				items: input,
				credentials: {
					[CREDENTIAL]: {
						restEndpoint: `${sim.url}/rest`,
						clientId: DEMO_CLIENT.clientId,
						clientSecret: DEMO_CLIENT.clientSecret,
					},
				},
			});
			const wall = Date.now() - started;
			const used = process.cpuUsage(cpu);
			const mainMs = performance.eventLoopUtilization(loop).active;
			const profile = profiler ? await profiler.stop() : undefined;
			clearInterval(sampler);
			gcWatch.disconnect();
			sample();
			const stats = await sim.stats();
			const outputs = result.output().length;
			const floor = floorMs(stats.calls, latencyMs);
			const cpuMs = (used.user + used.system) / 1000;
			return {
				cpuMs,
				mainMs,
				profile,
				row: [
					title,
					`${stats.calls} (${minimum})`,
					`${stats.rejections}${stats.overlappingUpserts ? `, ${stats.overlappingUpserts} overlapping upserts` : ''}`,
					seconds(wall),
					seconds(floor),
					`${(wall / floor).toFixed(2)}x`,
					((cpuMs / items) * 1000).toFixed(0),
					'', // these two are filled in by `scenario`, which knows the fixed cost
					'',
					((gcMs / items) * 1000).toFixed(0),
					mb(peakHeap),
					mb(peakRss),
					result.error ? `node error: ${result.error.message}` : `${outputs} outputs`,
				],
			};
		} finally {
			await sim.stop();
		}
	}

	const median = <T>(values: T[], key: (value: T) => number): T =>
		[...values].sort((a, b) => key(a) - key(b))[Math.floor(values.length / 2)];

	/**
	 * The CPU one execution costs whatever its size (engine start, credential, token, one call):
	 * the median of five one-item runs. What lies beyond it is the work that grows with the items.
	 */
	async function fixedCost(
		parameters: Record<string, unknown>,
		makeItem: (i: number) => IDataObject,
	): Promise<Cost> {
		const runs: Measured[] = [];
		for (let run = 0; run < 5; run++) runs.push(await measure('', 1, 1, parameters, makeItem));
		return {
			cpuMs: median(runs, (m) => m.cpuMs).cpuMs,
			mainMs: median(runs, (m) => m.mainMs).mainMs,
		};
	}

	/** A printed scenario: the run with the median CPU of `runs` runs; its cost per 1k beyond `fixed`. */
	async function scenario(
		title: string,
		items: number,
		seedLeads: number,
		parameters: Record<string, unknown>,
		makeItem: (i: number) => IDataObject,
		runs: number,
		fixed: Cost,
	): Promise<Cost | undefined> {
		if (items > maxItems) return undefined;
		const measured: Measured[] = [];
		for (let run = 0; run < runs; run++) {
			measured.push(await measure(title, items, seedLeads, parameters, makeItem));
		}
		const chosen = median(measured, (m) => m.cpuMs);
		if (runs > 1) chosen.row[0] = `${title} (median of ${runs})`;
		const per1k = (ms: number, fixedMs: number) => (Math.max(0, ms - fixedMs) / items) * 1000;
		const beyond = {
			cpuMs: per1k(chosen.cpuMs, fixed.cpuMs),
			mainMs: per1k(chosen.mainMs, fixed.mainMs),
		};
		chosen.row[7] = beyond.cpuMs.toFixed(0);
		chosen.row[8] = beyond.mainMs.toFixed(0);
		rows.push(chosen.row);
		if (chosen.profile) {
			const per1k = (ms: number) => ((ms / items) * 1000).toFixed(1);
			profileRows.push(
				`| ${chosen.row[0]} | ${per1k(chosen.profile.packageMs)} | ${per1k(chosen.profile.collectorMs)} |`,
			);
		}
		return beyond;
	}

	/** CPU per 1,000 items across sizes, against the ±30% target. */
	function flatness(what: string, perSize: Array<number | undefined>): string {
		const values = perSize.filter((v): v is number => v !== undefined);
		if (values.length < 2) return `${what}: one size only`;
		const sorted = [...values].sort((a, b) => a - b);
		const median = sorted[Math.floor(sorted.length / 2)];
		const deviation = Math.max(...values.map((v) => Math.abs(v - median) / median)) * 100;
		return `${what} ms per 1k items beyond the fixed cost ${values.map((v) => v.toFixed(0)).join(' / ')}, largest deviation from their median ${deviation.toFixed(0)}% (target within 30%: ${deviation <= 30 ? 'met' : 'missed'})`;
	}

	const upsert = LEAD_UPSERT_AS_SAVED;
	const lookup = leadLookupByEmail({ fields: ['id', 'email'] });
	const lead = (i: number) => ({
		email: `bench${i}@example.org`,
		firstName: `Bench${i}`,
		company: 'Bench Pty Ltd',
	});
	const lookupItem = (i: number) => ({ email: `bench${i}@example.org` });
	const repeat = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
	// Warm-up before each kind (not printed): n8n's engine and the package load and compile on
	// first use, and a kind's hot code (expressions, the node's loops) settles only after several
	// executions, as in a long-running n8n: measured, CPU per 1k look-ups falls for 6 to 8 runs.
	const warmUp = async (
		parameters: Record<string, unknown>,
		makeItem: (i: number) => IDataObject,
		seed: number,
	) => {
		for (let run = 0; run < 8; run++) await measure('warm-up', 1000, seed, parameters, makeItem);
	};
	// `BENCH_KINDS=lookup,evaluated` runs only those kinds (upsert, lookup, evaluated).
	const kinds = (process.env.BENCH_KINDS ?? 'upsert,lookup,evaluated').split(',');
	const upsertCost: Array<Cost | undefined> = [];
	let upsertFixed: Cost = { cpuMs: 0, mainMs: 0 };
	if (kinds.includes('upsert')) {
		await warmUp(upsert, lead, 0);
		upsertFixed = await fixedCost(upsert, lead);
		for (const n of [1_000, 10_000, 100_000]) {
			const runs = n <= 10_000 ? repeat : 1;
			const title = `upsert ${n.toLocaleString('en')}`;
			upsertCost.push(await scenario(title, n, 0, upsert, lead, runs, upsertFixed));
		}
	}
	/**
	 * Look-ups by `{{ $json.email }}` (read from the item), and the same look-ups with a value n8n
	 * must evaluate per item (`{{ $json.email.trim() }}`): what every look-up cost before plain
	 * field references skipped the evaluator.
	 */
	const lookupKinds: Array<[kind: string, title: string, parameters: Record<string, unknown>]> = [
		['lookup', 'look up', lookup],
		[
			'evaluated',
			'look up, evaluated by n8n',
			leadLookupByEmail({ fields: ['id', 'email'] }, '={{ $json.email.trim() }}'),
		],
	];
	const lookupCost: Array<Cost | undefined> = [];
	let lookupFixed: Cost = { cpuMs: 0, mainMs: 0 };
	for (const [kind, name, parameters] of lookupKinds) {
		if (!kinds.includes(kind)) continue;
		await warmUp(parameters, lookupItem, 1000);
		const fixed = await fixedCost(parameters, lookupItem);
		if (kind === 'lookup') lookupFixed = fixed;
		for (const n of [1_000, 10_000]) {
			const title = `${name} ${n.toLocaleString('en')}`;
			const cost = await scenario(title, n, n, parameters, lookupItem, repeat, fixed);
			if (kind === 'lookup') lookupCost.push(cost);
		}
	}

	const widths = rows[0].map((_h, c) => Math.max(...rows.map((r) => r[c].length)));
	const table = rows.map((r) => `| ${r.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`);
	table.splice(1, 0, `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
	return [
		`Simulated latency ${latencyMs} ms per call; service limits 100 calls / 20 s and 10 in flight;`,
		`credential defaults ${CALLS_PER_WINDOW} calls / 20 s and ${CALLS_IN_FLIGHT} in flight.`,
		'',
		...table,
		'',
		`Fixed cost of one execution (median of five one-item runs): upsert ${upsertFixed.cpuMs.toFixed(0)} ms, look-up ${lookupFixed.cpuMs.toFixed(0)} ms of CPU.`,
		flatness(
			'Upserts, CPU',
			upsertCost.map((c) => c?.cpuMs),
		),
		flatness(
			'Upserts, main thread',
			upsertCost.map((c) => c?.mainMs),
		),
		flatness(
			'Look-ups, CPU',
			lookupCost.map((c) => c?.cpuMs),
		),
		flatness(
			'Look-ups, main thread',
			lookupCost.map((c) => c?.mainMs),
		),
		...(profiling
			? [
					'',
					'Profiled (BENCH_PROFILE=1: the figures above are slowed by the profiler), main thread per 1k items:',
					'',
					'| scenario | package code ms | garbage collector ms |',
					'|---|---|---|',
					...profileRows,
				]
			: []),
	].join('\n');
}

const bench: BenchModule = { title: 'Marketing Automation: scale to the floor', run };
export default bench;
