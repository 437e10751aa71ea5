/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- local tooling, never shipped */
/**
 * `npm test`: every check of the repository, each step started as soon as the steps it needs have
 * passed, so that work waiting on the network or on a service runs beside work using the CPU:
 *
 *     build ───────┬─ in-process tests
 *                  ├─ package scan
 *     n8n install ─┼─ end-to-end tests          (after build and n8n install)
 *                  └─ npm run dev -- --check    (the same; the main command, every demo)
 *     lint, typecheck                           (nothing waits for them)
 *
 * - `build` is `n8n-node build` once: every later step reads `dist/` and none rebuilds it (the
 *   check runs `scripts/dev.ts --check`, the part of `npm run dev` after its build).
 * - The end-to-end tests and the check start once n8n is installed, beside the in-process tests if
 *   those are still running: on a 2-core machine the run is bound by the CPU all steps use (the
 *   summary gives each step's). The longest chains are the in-process tests, and the n8n install
 *   followed by the check's or the end-to-end files' waits on n8n's timers and the service's pace.
 *   Their time limits hold on a 2-core machine running them all.
 * - A step's output goes to `.cache/test-logs/<step>.log` and is printed whole when the step ends,
 *   so no two steps' lines interleave. The first failure stops the steps still running.
 *
 * Ends with one line per step (time, CPU time of the step and every process it started, result),
 * then `steps: <n> passed, <n> failed` and, over every jest run, `tests: <n> passed, <n> failed`.
 * On a 2-core machine the CPU times say where the run's time goes: their sum over two is the
 * shortest the run can take.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Not from ./n8n: loading it reads the n8n version (with N8N_VERSION=newest, a registry look-up and
// a lock-only install on a fresh clone), which is the n8n install step's work, beside the others.
const REPO_ROOT = path.resolve(__dirname, '..');
const CACHE_DIR = path.join(REPO_ROOT, '.cache');

export interface Step {
	name: string;
	command: string[];
	/** Steps that must have passed first. */
	after: string[];
	/** Extra environment. */
	env?: Record<string, string>;
}

/**
 * The end-to-end files wait on n8n's starts, polls and schedules (the trigger file: a poll every
 * 15 s) much of their time: four at once keep a 2-core machine busy while those wait.
 */
const E2E_WORKERS = '4';

export const STEPS: Step[] = [
	{ name: 'build', command: ['npx', 'n8n-node', 'build'], after: [] },
	{ name: 'lint', command: ['npx', 'n8n-node', 'lint'], after: [] },
	{ name: 'typecheck', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.test.json'], after: [] },
	// The pinned n8n (scripts/n8n-pinned/): `npm ci` of its tree, nothing resolved.
	{ name: 'n8n install', command: ['npx', 'tsx', 'scripts/n8n.ts'], after: [] },
	// No in-process test loads scripts/n8n.ts (with N8N_VERSION=newest it picks a version itself).
	{
		name: 'in-process tests',
		command: ['npx', 'jest', '--selectProjects', 'in-process', '--maxWorkers', '2'],
		// Not after lint and type check: the longest chain once the e2e files share n8n.
		after: ['build'],
	},
	{
		name: 'dev --check',
		command: ['npx', 'tsx', 'scripts/dev.ts', '--check'],
		after: ['build', 'n8n install'],
	},
	{
		name: 'package scan',
		command: ['npx', 'tsx', 'scripts/scan.ts'],
		after: ['build'],
	},
	{
		name: 'end-to-end tests',
		command: ['npx', 'jest', '--selectProjects', 'e2e', '--maxWorkers', E2E_WORKERS],
		after: ['build', 'n8n install'],
	},
];

export interface Outcome {
	step: Step;
	ok: boolean;
	seconds: number;
	/** CPU seconds (user and system) of the step and every process it started and waited for. */
	cpuSeconds?: number;
	/** The step's whole output. */
	log: string;
}

/**
 * A step runs under `sh`, whose `times` prints, last, the CPU time its children used (the step,
 * and the processes it and they waited for): `<user> <system>`, each as `<m>m<s>s`.
 */
const TIMES_MARK = '[test] cpu';
const withCpuTimes = (command: string[]) => [
	'sh',
	'-c',
	`"$@"; status=$?; echo "${TIMES_MARK}"; times; exit $status`,
	'sh',
	...command,
];

/** The CPU seconds that `times` printed after the mark, and the output without them. */
export function splitCpuTimes(output: string): { log: string; cpuSeconds?: number } {
	const at = output.lastIndexOf(`${TIMES_MARK}\n`);
	if (at < 0) return { log: output };
	const children = output.slice(at).trim().split('\n')[2] ?? '';
	const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(
		([, minutes, seconds]) => Number(minutes) * 60 + Number(seconds),
	);
	return {
		log: output.slice(0, at),
		cpuSeconds: parts.length === 2 ? parts[0] + parts[1] : undefined,
	};
}

/** The passed and failed tests of a jest run's output (its `Tests:` summary line), if any. */
export function jestTotals(log: string): { passed: number; failed: number } | undefined {
	const line = /^Tests:\s+(.*\btotal)$/m.exec(log)?.[1];
	if (!line) return undefined;
	const count = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0);
	return { passed: count('passed'), failed: count('failed') };
}

interface RunOptions {
	/** Where each step's output goes (`<step>.log`). */
	logDir: string;
	/** Where progress and each finished step's output are printed. */
	write: (text: string) => void;
}

function runStep(step: Step, children: Set<ChildProcess>, options: RunOptions): Promise<Outcome> {
	const started = Date.now();
	const logFile = path.join(options.logDir, `${step.name.replace(/[^a-z0-9]+/gi, '-')}.log`);
	const out = fs.openSync(logFile, 'w');
	options.write(`[test] ${step.name}: started (${step.command.join(' ')})\n`);
	return new Promise((resolve) => {
		const [command, ...args] = withCpuTimes(step.command);
		const child = spawn(command, args, {
			cwd: REPO_ROOT,
			env: { ...process.env, ...step.env },
			stdio: ['ignore', out, out],
			// Its own process group, so stopping it stops the n8n processes it started.
			detached: true,
		});
		fs.closeSync(out);
		children.add(child);
		const finish = (ok: boolean) => {
			children.delete(child);
			const seconds = (Date.now() - started) / 1000;
			const { log, cpuSeconds } = splitCpuTimes(fs.readFileSync(logFile, 'utf8'));
			fs.writeFileSync(logFile, log);
			const cpu = cpuSeconds === undefined ? '' : `, CPU ${cpuSeconds.toFixed(0)} s`;
			options.write(
				`\n[test] ──── ${step.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s${cpu} ────\n${log}\n`,
			);
			resolve({ step, ok, seconds, cpuSeconds, log });
		};
		child.on('error', () => finish(false));
		child.on('close', (code) => finish(code === 0));
	});
}

function stopAll(children: Set<ChildProcess>) {
	for (const child of children) {
		try {
			if (child.pid) process.kill(-child.pid, 'SIGTERM');
		} catch {
			// already gone
		}
	}
}

/**
 * Runs the steps, each once every step in its `after` has passed; after a failure no further
 * step starts and the running ones are stopped. Returns the outcome of every step that ran.
 */
export async function runSteps(steps: Step[], options: RunOptions): Promise<Outcome[]> {
	fs.mkdirSync(options.logDir, { recursive: true });
	const children = new Set<ChildProcess>();
	const outcomes = new Map<string, Outcome>();
	const running = new Map<string, Promise<Outcome>>();
	let failed = false;
	const stop = () => {
		stopAll(children);
		process.exit(130);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	while (outcomes.size < steps.length) {
		if (!failed) {
			for (const step of steps) {
				const ready = step.after.every((name) => outcomes.get(name)?.ok);
				if (ready && !running.has(step.name) && !outcomes.has(step.name)) {
					running.set(step.name, runStep(step, children, options));
				}
			}
		}
		if (running.size === 0) break;
		const outcome = await Promise.race(running.values());
		running.delete(outcome.step.name);
		outcomes.set(outcome.step.name, outcome);
		if (!outcome.ok && !failed) {
			failed = true;
			stopAll(children);
		}
	}
	process.off('SIGINT', stop);
	process.off('SIGTERM', stop);
	return steps.flatMap((step) => outcomes.get(step.name) ?? []);
}

async function main() {
	const started = Date.now();
	const outcomes = await runSteps(STEPS, {
		logDir: path.join(CACHE_DIR, 'test-logs'),
		write: (text) => process.stdout.write(text),
	});
	const passed = outcomes.filter((o) => o.ok).length;
	const lines = STEPS.map((step) => {
		const outcome = outcomes.find((o) => o.step === step);
		const result = outcome ? (outcome.ok ? 'passed' : 'FAILED') : 'not run';
		const time = outcome ? `${outcome.seconds.toFixed(0).padStart(5)} s` : '       ';
		const cpu =
			outcome?.cpuSeconds === undefined
				? '             '
				: `CPU ${outcome.cpuSeconds.toFixed(0).padStart(5)} s`;
		return `  ${step.name.padEnd(18)} ${time}  ${cpu}  ${result}`;
	});
	const cpuInAll = outcomes.reduce((total, o) => total + (o.cpuSeconds ?? 0), 0);
	const tests = outcomes.map((o) => jestTotals(o.log) ?? { passed: 0, failed: 0 });
	const sum = (key: 'passed' | 'failed') => tests.reduce((total, t) => total + t[key], 0);
	process.stdout.write(
		`\n[test] steps (${((Date.now() - started) / 1000).toFixed(0)} s in all, CPU ${cpuInAll.toFixed(0)} s):\n` +
			`${lines.join('\n')}\n` +
			`steps: ${passed} passed, ${STEPS.length - passed} failed\n` +
			`tests: ${sum('passed')} passed, ${sum('failed')} failed\n`,
	);
	process.exit(passed === STEPS.length ? 0 : 1);
}

if (require.main === module) void main();
