/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test of the release set-up, never shipped */
/**
 * What a release and n8n's verification rely on, checked without network: the CI and publish
 * workflows (triggers, least privilege, actions pinned by SHA, Node from .nvmrc, provenance
 * without a stored token), the repository metadata (package.json, lock file, CHANGELOG, SECURITY,
 * Dependabot, issue template) and the tarball's content (`npm pack --dry-run`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

import { STEPS } from '../scripts/test';

const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Step {
	id?: string;
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, unknown>;
}
interface Job {
	permissions?: Record<string, string>;
	env?: Record<string, unknown>;
	steps: Step[];
}
interface Workflow {
	on: Record<string, unknown>;
	permissions?: Record<string, string>;
	jobs: Record<string, Job>;
}

const workflow = (file: string) => parse(read(file)) as Workflow;
const ci = workflow('.github/workflows/ci.yml');
const publish = workflow('.github/workflows/publish.yml');
/** The ci.yml command of each step of `npm test` (scripts/test.ts). */
const CI_COMMAND_OF_STEP: Record<string, string> = {
	build: 'npm run build',
	lint: 'npm run lint',
	typecheck: 'npm run typecheck',
	'n8n install': 'npx tsx scripts/n8n.ts',
	'in-process tests': 'npx jest --selectProjects in-process',
	'dev --check': 'npm run dev -- --check',
	'package scan': 'npx tsx scripts/scan.ts',
	'end-to-end tests': 'npx jest --selectProjects e2e',
};
/** What `npm test` checks before the end-to-end tests, as CI commands of the checks job. */
const CHECKS = [
	'npm ci',
	'npm run lint',
	'npm run typecheck',
	'npm run build',
	'jest --selectProjects in-process',
	'tsx scripts/scan.ts',
];
const runs = (job: Job) => job.steps.map((step) => step.run ?? '').join('\n');

const manifest = JSON.parse(read('package.json')) as {
	name: string;
	version: string;
	homepage: string;
	bugs: { url: string };
	repository: { type: string; url: string };
	scripts: Record<string, string>;
	devDependencies: Record<string, string>;
	'auto-changelog'?: { output?: string };
};
/** The repository's web address, from package.json `repository`. */
const REPO = manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

describe('GitHub workflows', () => {
	it.each(['.github/workflows/ci.yml', '.github/workflows/publish.yml'])(
		'%s: every action is pinned by a full commit SHA with its version in a comment',
		(file) => {
			const lines = read(file)
				.split('\n')
				.filter((line) => /^\s*(-\s*)?uses:/.test(line));
			expect(lines.length).toBeGreaterThan(0);
			const unpinned = lines.filter(
				(line) => !/uses:\s*[\w.-]+\/[\w./-]+@[0-9a-f]{40}\s+#\s*v\d+(\.\d+)*\s*$/.test(line),
			);
			expect(unpinned).toEqual([]);
		},
	);

	it.each([
		['ci.yml', ci],
		['publish.yml', publish],
	])('%s: Node comes from .nvmrc in every job', (_file, parsed) => {
		for (const job of Object.values(parsed.jobs)) {
			const setups = job.steps.filter((step) => step.uses?.startsWith('actions/setup-node@'));
			expect(setups).toHaveLength(1);
			expect(setups[0].with?.['node-version-file']).toBe('.nvmrc');
			expect(setups[0].with?.['node-version']).toBeUndefined();
		}
		expect(read('.nvmrc').trim()).toMatch(/^\d+$/);
	});

	it('ci.yml runs on pull requests and pushes to main, reading the repository only', () => {
		expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
		expect(ci.on.push).toEqual({ branches: ['main'] });
		expect(ci.permissions).toEqual({ contents: 'read' });
		for (const job of Object.values(ci.jobs)) expect(job.permissions).toBeUndefined();
		expect(read('.github/workflows/ci.yml')).not.toMatch(/secrets\./);
	});

	it('ci.yml runs every step of npm test', () => {
		expect(Object.keys(CI_COMMAND_OF_STEP).sort()).toEqual(STEPS.map((step) => step.name).sort());
		const all = Object.values(ci.jobs).map(runs).join('\n');
		for (const command of Object.values(CI_COMMAND_OF_STEP)) expect(all).toContain(command);
	});

	it('ci.yml runs the checks of npm test, the end-to-end tests in their own job with n8n cached', () => {
		const checks = runs(ci.jobs.checks);
		for (const command of CHECKS) {
			expect(checks).toContain(command);
		}
		expect(checks).not.toContain('--selectProjects e2e');

		const e2e = ci.jobs.e2e;
		expect(runs(e2e)).toContain('npx jest --selectProjects e2e');
		// The README's main command, as a user runs it (it builds dist/ for the tests after it).
		expect(runs(e2e)).toContain('npm run dev -- --check');
		// The newest 2.x is read from the registry once, and keys the cache and the install.
		const newest = e2e.steps.find((step) => step.id === 'n8n');
		expect(newest?.run).toBe('npx tsx scripts/n8n.ts --version >> "$GITHUB_OUTPUT"');
		const version = '${{ steps.n8n.outputs.version }}';
		const cache = e2e.steps.find((step) => step.uses?.startsWith('actions/cache@'));
		expect(String(cache?.with?.path).split('\n')).toEqual(
			expect.arrayContaining([`.cache/n8n-${version}`, '.cache/node24']),
		);
		expect(String(cache?.with?.key)).toContain(version);
		expect(String(cache?.with?.key)).toContain("hashFiles('scripts/n8n.ts'");
		for (const step of e2e.steps.filter((s) =>
			/scripts\/n8n\.ts$|--selectProjects e2e|--check$/.test(s.run ?? ''),
		)) {
			expect(step.env?.N8N_VERSION).toBe(version);
		}
		// The version is read before the cache is restored, and the cache before n8n is needed.
		const order = e2e.steps.map((step) => step.uses?.split('@')[0] ?? step.run ?? '');
		expect(order.indexOf(newest?.run ?? '')).toBeLessThan(order.indexOf('actions/cache'));
		expect(order.indexOf('actions/cache')).toBeLessThan(order.indexOf('npx tsx scripts/n8n.ts'));
	});

	it('ci.yml runs the compatibility check against the oldest supported n8n, cached by version', () => {
		const oldest = /N8N_VERSION=(\d+\.\d+\.\d+)/.exec(manifest.scripts['test:compat'])?.[1];
		const job = ci.jobs.compatibility;
		expect(job.env?.N8N_VERSION).toBe(oldest);
		expect(runs(job)).toContain('npm run test:compat');
		const cache = job.steps.find((step) => step.uses?.startsWith('actions/cache@'));
		expect(String(cache?.with?.path).split('\n')).toContain(`.cache/n8n-${oldest}`);
		expect(String(cache?.with?.key)).toContain(String(oldest));
	});

	it('publish.yml publishes on version tags only, with provenance over OIDC and no stored token', () => {
		expect(publish.on).toEqual({ push: { tags: ['*.*.*'] } });
		expect(publish.permissions).toEqual({});
		const jobs = Object.values(publish.jobs);
		expect(jobs).toHaveLength(1);
		const [job] = jobs;
		expect(job.permissions).toEqual({ contents: 'read', 'id-token': 'write' });

		const text = read('.github/workflows/publish.yml');
		expect(text).not.toMatch(/secrets\.|NPM_TOKEN|NODE_AUTH_TOKEN|_authToken/);

		const commands = job.steps.map((step) => step.run ?? '');
		const at = (command: string) => commands.findIndex((run) => run.includes(command));
		const publishAt = at('npm publish --provenance');
		expect(publishAt).toBeGreaterThan(0);
		for (const before of CHECKS) {
			expect(at(before)).toBeGreaterThanOrEqual(0);
			expect(at(before)).toBeLessThan(publishAt);
		}
		// n8n-node prerelease (prepublishOnly) lets npm publish through only in a release flow.
		expect(job.steps[publishAt].env).toEqual({ RELEASE_MODE: 'true' });
		expect(manifest.scripts.prepublishOnly).toBe('n8n-node prerelease');

		const setup = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
		expect(setup?.with?.['registry-url']).toBe('https://registry.npmjs.org');
		// Nothing restored from other runs into a job that can publish.
		expect(setup?.with?.['package-manager-cache']).toBe(false);
		expect(job.steps.some((step) => step.uses?.startsWith('actions/cache@'))).toBe(false);
		// The tag must be the package's version.
		expect(commands.join('\n')).toContain('GITHUB_REF_NAME');
	});

	it('npm run release is the node-cli release flow, and it leaves the hand-written CHANGELOG alone', () => {
		expect(manifest.scripts.release).toBe('n8n-node release');
		const output = manifest['auto-changelog']?.output;
		expect(output).toBeDefined();
		expect(output).not.toBe('CHANGELOG.md');
		expect(read('.gitignore').split('\n')).toContain(output);
	});
});

describe('repository metadata', () => {
	it('package.json repository, homepage and bugs name the same GitHub repository as the package', () => {
		expect(manifest.repository.type).toBe('git');
		expect(REPO).toBe(`https://github.com/agent-platform-nodes/${manifest.name}`);
		expect(manifest.homepage).toBe(`${REPO}#readme`);
		expect(manifest.bugs).toEqual({ url: `${REPO}/issues` });
	});

	it('every link to a GitHub repository in the docs and templates is this one', () => {
		const files = [
			'README.md',
			'CHANGELOG.md',
			'SECURITY.md',
			'CONTRIBUTING.md',
			'.github/ISSUE_TEMPLATE/config.yml',
			...fs
				.readdirSync(path.join(ROOT, 'docs'))
				.flatMap((f) => (f.endsWith('.md') ? [`docs/${f}`] : [])),
		];
		const others = files.flatMap((file) =>
			[...read(file).matchAll(/https:\/\/github\.com\/[\w.-]+\/[\w.-]+/g)]
				.map((match) => match[0].replace(/\.git$/, ''))
				.filter((url) => url !== REPO)
				.map((url) => `${file}: ${url}`),
		);
		expect(others).toEqual([]);
	});

	it('the version is the same in package.json, both version fields of the lock file and the CHANGELOG', () => {
		const lock = JSON.parse(read('package-lock.json')) as {
			version: string;
			packages: Record<string, { version?: string }>;
		};
		expect(lock.version).toBe(manifest.version);
		expect(lock.packages[''].version).toBe(manifest.version);
		const changelog = read('CHANGELOG.md');
		expect(changelog).toMatch(
			new RegExp(
				`^## \\[${manifest.version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`,
				'm',
			),
		);
		expect(changelog).toContain(`[${manifest.version}]: ${REPO}/`);
	});

	it('CHANGELOG follows Keep a Changelog: Unreleased first, then versions with Added / Changed / Fixed', () => {
		const changelog = read('CHANGELOG.md');
		expect(changelog).toContain('[Keep a Changelog](https://keepachangelog.com/');
		const headings = [...changelog.matchAll(/^(##|###) (.+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
		expect(headings[0]).toBe('## [Unreleased]');
		for (const heading of headings) {
			expect(heading).toMatch(
				/^(## \[(Unreleased|\d+\.\d+\.\d+)\]( - \d{4}-\d{2}-\d{2})?|### (Added|Changed|Deprecated|Removed|Fixed|Security))$/,
			);
		}
		const release = changelog.slice(changelog.indexOf(`## [${manifest.version}]`));
		const entry = release.slice(0, release.indexOf('\n## ', 1));
		for (const section of ['### Added', '### Changed', '### Fixed']) {
			expect(entry).toContain(section);
		}
	});

	it('the devDependency this test parses YAML with is pinned exactly', () => {
		expect(manifest.devDependencies.yaml).toMatch(/^\d+\.\d+\.\d+$/);
	});

	it('SECURITY.md says how to report a vulnerability and what the package does with secrets', () => {
		const security = read('SECURITY.md');
		expect(security).toMatch(/^## Reporting a vulnerability$/m);
		expect(security).toMatch(/^## What the package does with secrets$/m);
		expect(security).toContain(`${REPO}/security/advisories/new`);
	});

	it('Dependabot updates npm packages and GitHub Actions', () => {
		const dependabot = parse(read('.github/dependabot.yml')) as {
			version: number;
			updates: Array<{ 'package-ecosystem': string; directory: string }>;
		};
		expect(dependabot.version).toBe(2);
		expect(dependabot.updates.map((update) => update['package-ecosystem']).sort()).toEqual([
			'github-actions',
			'npm',
		]);
	});

	it('the bug report asks for the n8n version, the node and Node.js versions and the execution’s error', () => {
		const form = parse(read('.github/ISSUE_TEMPLATE/bug_report.yml')) as {
			body: Array<{ id?: string; validations?: { required?: boolean } }>;
		};
		const required = form.body.filter((field) => field.validations?.required).map((f) => f.id);
		expect(required).toEqual(
			expect.arrayContaining(['n8n-version', 'node-version', 'nodejs-version', 'error']),
		);
	});
});

describe('the tarball', () => {
	it('npm pack --dry-run lists only dist/, README, the licence and package.json', () => {
		const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
			cwd: ROOT,
			encoding: 'utf8',
			env: { ...process.env, npm_config_loglevel: 'silent' },
		});
		expect(pack.status).toBe(0);
		const [result] = JSON.parse(pack.stdout) as Array<{ files: Array<{ path: string }> }>;
		const files = result.files.map((file) => file.path);
		const outside = files.filter(
			(file) => !/^(dist\/.+|README\.md|LICENSE\.md|package\.json)$/.test(file),
		);
		expect(outside).toEqual([]);
		expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE.md', 'package.json']));
	});
});

describe('compatibility in the README', () => {
	it('names the oldest supported n8n (the one test:compat runs) and the newest tested (the pinned one)', () => {
		const oldest = /N8N_VERSION=(\d+\.\d+\.\d+)/.exec(manifest.scripts['test:compat'])?.[1];
		const section = read('README.md').split('## Compatibility')[1].split('\n## ')[0];
		expect(section).toMatch(
			new RegExp(`n8n, oldest supported \\| ${oldest?.replace(/\./g, '\\.')}\\b`),
		);
		const pinned = (
			JSON.parse(read('scripts/n8n-pinned/package.json')) as { dependencies: { n8n: string } }
		).dependencies.n8n;
		expect(section).toMatch(new RegExp(`n8n, newest tested \\| ${pinned.replace(/\./g, '\\.')} `));
	});
});
