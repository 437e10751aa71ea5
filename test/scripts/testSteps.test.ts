/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test of local tooling, never shipped */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { jestTotals, runSteps, splitCpuTimes, STEPS, type Step } from '../../scripts/test';

/** A step that runs `code` in Node, in `dir`. */
const node = (name: string, code: string, after: string[] = []): Step => ({
	name,
	command: [process.execPath, '-e', code],
	after,
});

describe('npm test (scripts/test.ts)', () => {
	let dir: string;
	let printed: string;
	const options = () => ({
		logDir: path.join(dir, 'logs'),
		write: (text: string) => (printed += text),
	});

	beforeEach(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-steps-'));
		printed = '';
	});
	afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

	it('starts a step once the steps it needs passed, and independent steps side by side', async () => {
		const file = (name: string) => JSON.stringify(path.join(dir, name));
		// "first" ends only once "beside" has run: it would wait out its 30 s if the two ran in turn.
		const waitFor = (name: string) =>
			`const fs=require('fs');const end=Date.now()+30000;` +
			`(function check(){if(fs.existsSync(${file(name)}))process.exit(0);` +
			`if(Date.now()>end)process.exit(3);setTimeout(check,20);})()`;
		const outcomes = await runSteps(
			[
				node('first', waitFor('beside')),
				node('beside', `require('fs').writeFileSync(${file('beside')}, ''); console.log('hello')`),
				node('then', `process.exit(require('fs').existsSync(${file('beside')}) ? 0 : 4)`, [
					'first',
					'beside',
				]),
			],
			options(),
		);
		expect(outcomes.map((o) => [o.step.name, o.ok])).toEqual([
			['first', true],
			['beside', true],
			['then', true],
		]);
		// Each step's output is printed whole when it ends, and kept in its log.
		expect(printed).toContain('[test] ──── beside: passed');
		expect(printed).toContain('hello');
		expect(fs.readFileSync(path.join(dir, 'logs', 'beside.log'), 'utf8')).toBe('hello\n');
	});

	it('after a failure no further step starts and the running ones are stopped', async () => {
		const started = Date.now();
		const outcomes = await runSteps(
			[
				node('fails', 'process.exit(1)'),
				node('long', 'setTimeout(() => {}, 60000)'),
				node('needs it', 'process.exit(0)', ['fails']),
			],
			options(),
		);
		expect(outcomes.map((o) => [o.step.name, o.ok])).toEqual([
			['fails', false],
			['long', false],
		]);
		expect(Date.now() - started).toBeLessThan(30_000);
		expect(printed).toContain('[test] ──── fails: FAILED');
	});

	it('runs every check of the repository, each after the steps whose output it reads', () => {
		const byName = new Map(STEPS.map((step) => [step.name, step]));
		for (const step of STEPS) for (const name of step.after) expect(byName.has(name)).toBe(true);
		const needs = (name: string): string[] =>
			(byName.get(name)?.after ?? []).flatMap((before) => [before, ...needs(before)]);
		// dist/ is built once, before everything that reads it.
		for (const name of ['in-process tests', 'dev --check', 'package scan', 'end-to-end tests']) {
			expect(needs(name)).toContain('build');
		}
		// The end-to-end tests wait for n8n, not for the in-process tests (they run side by side).
		expect(needs('end-to-end tests')).toContain('n8n install');
		expect(needs('end-to-end tests')).not.toContain('in-process tests');
		expect(needs('dev --check')).toContain('n8n install');
		expect(STEPS.map((step) => step.command.join(' '))).toEqual(
			expect.arrayContaining([
				'npx n8n-node lint',
				'npx tsc --noEmit -p tsconfig.test.json',
				'npx tsx scripts/dev.ts --check',
			]),
		);
		// No step rebuilds dist/ while another reads it.
		expect(STEPS.filter((step) => /build/.test(step.command.join(' ')))).toHaveLength(1);
	});

	it("measures each step's CPU time, its children's included, and keeps it out of the log", async () => {
		// The step spends its CPU in a child it waits for (a fixed amount of work, ~0.7 s here):
		// counted all the same.
		const busy = `let x = 0; for (let i = 0; i < 1e8; i++) x += i;`;
		const [outcome] = await runSteps(
			[
				node(
					'busy',
					`require('child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(busy)}]); console.log('done')`,
				),
			],
			options(),
		);
		expect(outcome.ok).toBe(true);
		expect(outcome.cpuSeconds).toBeGreaterThanOrEqual(0.2);
		expect(outcome.log).toBe('done\n');
		expect(fs.readFileSync(path.join(dir, 'logs', 'busy.log'), 'utf8')).toBe('done\n');
		expect(printed).toMatch(/\[test\] ──── busy: passed in \d+ s, CPU \d+ s ────/);
	});

	it("reads the CPU time from sh's times, after the step's own output", () => {
		expect(
			splitCpuTimes('out\n[test] cpu\n0m0.010000s 0m0.000000s\n1m2.500000s 0m0.500000s\n'),
		).toEqual({
			log: 'out\n',
			cpuSeconds: 63,
		});
		expect(splitCpuTimes('killed before times\n')).toEqual({ log: 'killed before times\n' });
	});

	it("reads a jest run's totals from its summary line", () => {
		expect(jestTotals('x\nTests:       2109 passed, 2109 total\nTime: 3 s')).toEqual({
			passed: 2109,
			failed: 0,
		});
		expect(jestTotals('Tests:       2 failed, 1 skipped, 47 passed, 50 total\n')).toEqual({
			passed: 47,
			failed: 2,
		});
		expect(jestTotals('no jest here')).toBeUndefined();
	});

	it('no in-process test loads scripts/n8n.ts, which would pick the n8n version on its own', () => {
		const root = path.resolve(__dirname, '..', '..');
		const files = (dir: string): string[] =>
			fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
				const relative = path.join(dir, entry.name);
				if (entry.isDirectory())
					return relative === path.join('test', 'e2e') ? [] : files(relative);
				return relative.endsWith('.ts') ? [relative] : [];
			});
		// The scripts that load it, directly or through scripts/package.ts.
		const loaders = /from '[./]*(scripts\/(n8n|package|dev|scan|screenshot)|e2e\/runner)'/;
		expect(
			files('test').filter((file) => loaders.test(fs.readFileSync(path.join(root, file), 'utf8'))),
		).toEqual([]);
	});
});
