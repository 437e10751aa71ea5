/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- local tooling, never shipped */
/**
 * A private n8n for end-to-end tests and `npm run dev`, installed on first use into `.cache/`
 * (gitignored) from the npm registry and reused afterwards.
 *
 * - The n8n version is pinned: `scripts/n8n-pinned/` holds its package.json and the whole tree npm
 *   resolved for it (package-lock.json, with each package's tarball URL), so every machine and
 *   every CI run installs the same ~2,400 packages with `npm ci`, and a new n8n release (or a
 *   dependency's new patch) changes no run until the pin moves. `npx tsx scripts/n8n.ts --pin`
 *   moves it to the newest stable 2.x that installs from the registry (then run the tests).
 *   `N8N_VERSION=<x.y.z>` runs another version (`N8N_VERSION=1.85.4 npm run test:e2e`), and
 *   `N8N_VERSION=newest` the registry's newest 2.x (asked once every 12 hours and remembered in
 *   `.cache/n8n-newest.json`; offline, the last one seen). Each version has its own folder
 *   `.cache/n8n-<version>`, so installing one version never touches another.
 * - Node: n8n 2.x needs Node 24 (it refuses older), n8n 1.x Node 20 to 22 (it refuses newer). The
 *   running Node is used when it fits; otherwise `npm install --prefix .cache/node<major>
 *   node-<os>-<arch>@<major>` (24 for n8n 2.x, 22 for 1.x).
 * - n8n: `npm ci --ignore-scripts` in its folder from the pinned tree, or the tree the version
 *   pick resolved (else `npm install n8n@<version> --ignore-scripts`), with the override
 *   `linkedom: 0.18.14` (0.18.15 needs a package the registry lacks; for n8n 1.x also
 *   `xlsx: 0.18.5`, see below), then `npm rebuild sqlite3` (at -O1)
 *   (the only native module the CLI needs; the others' install scripts download from the internet).
 *
 * `ensureN8n()` decides from the real files (the n8n package at the wanted version, the sqlite3
 * binding and a fitting Node binary), holds a lock folder so parallel callers install once, and returns
 * `{ nodeBin, n8nBin, env }`: run n8n as `spawn(nodeBin, [n8nBin, ...args], { env })`.
 * `npx tsx scripts/n8n.ts` installs (or checks) and prints the paths; with `--version` it prints
 * only `version=<x.y.z>` (CI keys its cache with it); `--pin` moves the pin (above).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { readJson } from './files';
import { compareVersions, stableVersions } from './n8nVersions';

export const REPO_ROOT = path.resolve(__dirname, '..');
export const CACHE_DIR = path.join(REPO_ROOT, '.cache');

const log = (message: string) => process.stderr.write(`[n8n setup] ${message}\n`);

/** The release line the tests and `npm run dev` follow: its newest stable version is the default. */
export const N8N_LINE = '>=2 <3';
const NEWEST_FILE = path.join(CACHE_DIR, 'n8n-newest.json');
const NEWEST_MAX_AGE_MS = 12 * 60 * 60_000;

/** The pinned n8n: its package.json and package-lock.json, committed. */
export const PINNED_DIR = path.join(REPO_ROOT, 'scripts', 'n8n-pinned');

/** The version in the pin's package.json. */
export function pinnedN8nVersion(): string {
	const manifest = readJson(path.join(PINNED_DIR, 'package.json')) as
		| { dependencies?: { n8n?: string } }
		| undefined;
	const version = manifest?.dependencies?.n8n;
	if (!version) throw new Error(`${PINNED_DIR}/package.json names no n8n version`);
	return version;
}

/**
 * Where the version pick leaves the tree npm resolved for a version (its package.json and
 * package-lock.json), so that the install extracts exactly that tree (`npm ci`) instead of
 * resolving ~2,200 packages again (about 45 s of CPU).
 */
const resolvedDirFor = (version: string) => path.join(CACHE_DIR, `n8n-${version}-resolved`);

/** Copies the manifest and lock of a resolved tree from one folder to another. */
function copyResolvedTree(from: string, to: string): void {
	for (const file of ['package.json', 'package-lock.json']) {
		fs.copyFileSync(path.join(from, file), path.join(to, file));
	}
}

/**
 * Can npm install `n8n@<version>` from the registry (every dependency there)? A lock-only install
 * (npm resolves the whole tree and writes package-lock.json, nothing is downloaded) that takes
 * the package metadata npm has cached as it is (20-40 s; asking the registry again for each of
 * ~2,200 packages took 2-3 min). npm's refusal counts as "no", once the registry confirms that the
 * version npm found missing is missing (a cached list can predate it; then the check is repeated
 * asking the registry for everything); a time-out or a network error says nothing about the
 * release (on a loaded machine a time-out once skipped the release every other machine ran), so
 * then the real install decides.
 */
function installable(version: string, fromCache = true): boolean {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-resolve-'));
	try {
		fs.writeFileSync(
			path.join(dir, 'package.json'),
			`${JSON.stringify({ private: true, overrides: installOverrides(version) })}\n`,
		);
		execFileSync(
			'npm',
			[
				'install',
				`n8n@${version}`,
				'--save-exact',
				'--package-lock-only',
				'--ignore-scripts',
				'--no-audit',
				'--no-fund',
				// Each package's tarball URL in the lock: `npm ci` then downloads without first
				// reading ~2,400 packages' metadata (a machine's npm may be set to leave them out).
				'--omit-lockfile-registry-resolved=false',
				fromCache ? '--prefer-offline' : '--prefer-online',
			],
			{
				cwd: dir,
				timeout: 5 * 60_000,
				stdio: ['ignore', 'ignore', 'pipe'],
				encoding: 'utf8',
				maxBuffer: 64 * 1024 * 1024,
			},
		);
		const resolved = resolvedDirFor(version);
		fs.rmSync(resolved, { recursive: true, force: true });
		fs.mkdirSync(resolved, { recursive: true });
		copyResolvedTree(dir, resolved);
		return true;
	} catch (error) {
		const failure = error as { signal?: string; stderr?: unknown; message: string };
		const stderr = String(failure.stderr ?? '');
		const unknown =
			typeof failure.signal === 'string' ||
			/\b(ETIMEDOUT|ECONNRESET|ECONNREFUSED|ENOTFOUND|EAI_AGAIN)\b/.test(stderr);
		if (!unknown) {
			const missing = /No matching version found for (\S+?)\.?$/m.exec(stderr)?.[1];
			return fromCache && missing !== undefined && published(missing)
				? installable(version, false)
				: false;
		}
		log(`could not check n8n ${version} (${failure.message.split('\n')[0]}); trying it`);
		return true;
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

/** Does the registry (asked now, not npm's cache) have `name@version`? */
function published(spec: string): boolean {
	try {
		const answer = execFileSync('npm', ['view', spec, 'version', '--prefer-online'], {
			encoding: 'utf8',
			timeout: 60_000,
			stdio: ['ignore', 'pipe', 'ignore'],
		});
		return answer.trim().length > 0;
	} catch {
		return false;
	}
}

/**
 * The newest stable n8n 2.x that installs from the registry (a release whose own dependencies
 * are not all published yet is skipped): remembered for 12 hours, else asked of the registry; when
 * the registry cannot be reached, the last one seen or the newest one installed in `.cache/`.
 */
export function newestN8nVersion(): string {
	const seen = readJson(NEWEST_FILE) as { version?: string; checkedAt?: string } | undefined;
	const age = Date.now() - Date.parse(seen?.checkedAt ?? '');
	if (seen?.version && age >= 0 && age < NEWEST_MAX_AGE_MS) return seen.version;
	const installed = fs.existsSync(CACHE_DIR)
		? fs
				.readdirSync(CACHE_DIR)
				.map((name) => /^n8n-(2\.\d+\.\d+)$/.exec(name)?.[1])
				.filter((v): v is string => v !== undefined && n8nReadyIn(n8nDirFor(v), v))
		: [];
	let listed: string[];
	try {
		const answer = execFileSync('npm', ['view', `n8n@${N8N_LINE}`, 'version', '--json'], {
			encoding: 'utf8',
			timeout: 60_000,
			stdio: ['ignore', 'pipe', 'ignore'],
		});
		listed = stableVersions(answer).reverse();
	} catch (error) {
		const fallback = seen?.version ?? installed.sort(compareVersions).at(-1);
		if (!fallback) {
			throw new Error(
				`Cannot read the newest n8n ${N8N_LINE} from the npm registry (${(error as Error).message}); ` +
					'set N8N_VERSION=<x.y.z> to choose one',
			);
		}
		log(`the npm registry did not answer; using n8n ${fallback}`);
		return fallback;
	}
	const skipped: string[] = [];
	for (const version of listed.slice(0, 5)) {
		if (installed.includes(version) || installable(version)) {
			if (skipped.length > 0) {
				log(`n8n ${skipped.join(', ')}: listed, but not every dependency is on the registry`);
			}
			fs.mkdirSync(CACHE_DIR, { recursive: true });
			const record = { version, checkedAt: new Date().toISOString(), skipped };
			fs.writeFileSync(NEWEST_FILE, `${JSON.stringify(record)}\n`);
			return version;
		}
		skipped.push(version);
	}
	throw new Error(
		`None of the newest n8n releases (${skipped.join(', ')}) installs from the npm registry; ` +
			'set N8N_VERSION=<x.y.z> to choose one',
	);
}

/** Versions npm must use instead of the ones n8n asks for, so that it installs from the registry. */
function installOverrides(version: string): Record<string, string> {
	return {
		linkedom: '0.18.14',
		// n8n 1.x's nodes-base takes xlsx from a CDN tarball, not the registry (unreachable offline
		// and in locked-down CI); the registry's last xlsx serves the CLI as well.
		...(Number(version.split('.')[0]) < 2 ? { xlsx: '0.18.5' } : {}),
	};
}

/** The n8n version to run: `N8N_VERSION` (x.y.z, or `newest` for the newest 2.x), else the pin. */
export function wantedN8nVersion(env: NodeJS.ProcessEnv = process.env): string {
	const asked = env.N8N_VERSION?.trim();
	const version = !asked ? pinnedN8nVersion() : asked === 'newest' ? newestN8nVersion() : asked;
	if (!/^\d+\.\d+\.\d+$/.test(version)) {
		throw new Error(
			`N8N_VERSION must be an exact version such as 1.85.4, or newest, not "${version}"`,
		);
	}
	return version;
}

export const N8N_VERSION = wantedN8nVersion();
const N8N_MAJOR = Number(N8N_VERSION.split('.')[0]);
/** n8n 2.x refuses Node older than 24; n8n 1.x (engines ">=18.17 <= 22") refuses newer than 22. */
const NODE_RANGE: { min: number; max: number } =
	N8N_MAJOR >= 2 ? { min: 24, max: Infinity } : { min: 20, max: 22 };
export const NODE_MAJOR = NODE_RANGE.max === Infinity ? NODE_RANGE.min : NODE_RANGE.max;

/** The folder of one n8n version. */
export function n8nDirFor(version: string): string {
	return path.join(CACHE_DIR, `n8n-${version}`);
}

const N8N_DIR = n8nDirFor(N8N_VERSION);
const NODE_DIR = path.join(CACHE_DIR, `node${NODE_MAJOR}`);
const LOCK_DIR = `${N8N_DIR}-install.lock`;
const INSTALL_TIMEOUT_MS = 25 * 60_000;
const REBUILD_TIMEOUT_MS = 10 * 60_000;
const LOCK_WAIT_MS = 40 * 60_000;

export interface N8nInstall {
	/** A Node binary this n8n version accepts (24 for n8n 2.x, 20 to 22 for 1.x). */
	nodeBin: string;
	/** n8n's CLI entry (a JS file): run it with `nodeBin`. */
	n8nBin: string;
	/** n8n's package folder (`…/node_modules/n8n`): resolve n8n's own modules from here. */
	n8nPackageDir: string;
	/** process.env with that Node first on PATH. */
	env: NodeJS.ProcessEnv;
}

export { freePort } from './ports';

const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs a command with a hard time limit; output goes to `logFile`. Rejects on a non-zero exit. */
export function run(
	command: string,
	args: string[],
	options: { cwd: string; timeoutMs: number; logFile?: string; env?: NodeJS.ProcessEnv },
): Promise<void> {
	return new Promise((resolve, reject) => {
		const out = options.logFile ? fs.openSync(options.logFile, 'a') : 'ignore';
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env ?? process.env,
			stdio: ['ignore', out, out],
		});
		const started = Date.now();
		const heartbeat = setInterval(() => {
			log(`  still running ${command} ${args[0]} (${Math.round((Date.now() - started) / 1000)} s)`);
		}, 30_000);
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
		}, options.timeoutMs);
		const finish = (error?: Error) => {
			clearInterval(heartbeat);
			clearTimeout(timer);
			if (typeof out === 'number') fs.closeSync(out);
			if (error) reject(error);
			else resolve();
		};
		child.on('error', (error) => finish(error));
		child.on('exit', (code, signal) => {
			if (code === 0) return finish();
			const tail = options.logFile ? lastLines(options.logFile, 30) : '';
			finish(
				new Error(
					`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}` +
						`${Date.now() - started >= options.timeoutMs ? ', timed out' : ''})` +
						`${tail ? `; last lines of ${options.logFile}:\n${tail}` : ''}`,
				),
			);
		});
	});
}

function lastLines(file: string, count: number): string {
	try {
		return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
	} catch {
		return '';
	}
}

const nodeMajor = (version: string) => Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);

function nodePackageName(): string {
	if (process.platform !== 'linux' && process.platform !== 'darwin') {
		throw new Error(
			`No Node ${NODE_MAJOR} package for ${process.platform}: install Node ${NODE_MAJOR} yourself.`,
		);
	}
	return `node-${process.platform}-${process.arch}`;
}

function bundledNodeBin(): string {
	return path.join(NODE_DIR, 'node_modules', nodePackageName(), 'bin', 'node');
}

/** The Node binary to run n8n with, or undefined when it still has to be installed. */
function findNode(): string | undefined {
	const running = nodeMajor(process.version);
	if (running >= NODE_RANGE.min && running <= NODE_RANGE.max) return process.execPath;
	const bin = bundledNodeBin();
	const manifest = readJson(path.join(path.dirname(path.dirname(bin)), 'package.json'));
	if (fs.existsSync(bin) && nodeMajor(String(manifest?.version ?? '')) === NODE_MAJOR) return bin;
	return undefined;
}

const N8N_PACKAGE_DIR = path.join(N8N_DIR, 'node_modules', 'n8n');
const n8nBinPath = () => path.join(N8N_PACKAGE_DIR, 'bin', 'n8n');

/** Is n8n `version` completely installed in `dir` (its package, CLI and the sqlite3 binding)? */
function n8nReadyIn(dir: string, version: string): boolean {
	const manifest = readJson(path.join(dir, 'node_modules', 'n8n', 'package.json'));
	const sqliteBinding = path.join(
		dir,
		'node_modules',
		'sqlite3',
		'build',
		'Release',
		'node_sqlite3.node',
	);
	return (
		manifest?.version === version &&
		fs.existsSync(path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n')) &&
		fs.existsSync(sqliteBinding)
	);
}

const n8nReady = () => n8nReadyIn(N8N_DIR, N8N_VERSION);

async function withLock<T>(work: () => Promise<T>): Promise<T> {
	fs.mkdirSync(CACHE_DIR, { recursive: true });
	const started = Date.now();
	for (;;) {
		try {
			fs.mkdirSync(LOCK_DIR);
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			const age = Date.now() - fs.statSync(LOCK_DIR, { throwIfNoEntry: false })!.mtimeMs;
			if (age > LOCK_WAIT_MS) {
				log(`removing a stale install lock (${Math.round(age / 60_000)} min old)`);
				fs.rmSync(LOCK_DIR, { recursive: true, force: true });
				continue;
			}
			if (Date.now() - started > LOCK_WAIT_MS) throw new Error(`Timed out waiting for ${LOCK_DIR}`);
			if (Date.now() - started < 2500) log('another process is installing n8n; waiting for it');
			await sleepMs(2000);
		}
	}
	try {
		return await work();
	} finally {
		fs.rmSync(LOCK_DIR, { recursive: true, force: true });
	}
}

async function installNode(): Promise<string> {
	const pkg = `${nodePackageName()}@${NODE_MAJOR}`;
	log(`installing Node ${NODE_MAJOR} (${pkg}) into ${path.relative(REPO_ROOT, NODE_DIR)}`);
	fs.mkdirSync(NODE_DIR, { recursive: true });
	if (!fs.existsSync(path.join(NODE_DIR, 'package.json'))) {
		fs.writeFileSync(path.join(NODE_DIR, 'package.json'), '{ "private": true }\n');
	}
	const started = Date.now();
	await run('npm', ['install', '--prefix', '.', pkg, '--no-audit', '--no-fund'], {
		cwd: NODE_DIR,
		timeoutMs: 10 * 60_000,
		logFile: path.join(NODE_DIR, 'install.log'),
	});
	const bin = findNode();
	if (!bin)
		throw new Error(
			`Installed ${pkg}, but ${bundledNodeBin()} is missing or not Node ${NODE_MAJOR}`,
		);
	log(`Node ${NODE_MAJOR} ready in ${Math.round((Date.now() - started) / 1000)} s`);
	return bin;
}

async function installN8n(nodeBin: string): Promise<void> {
	log(
		`installing n8n ${N8N_VERSION} into ${path.relative(REPO_ROOT, N8N_DIR)} (first time only, about 5 min)`,
	);
	fs.mkdirSync(N8N_DIR, { recursive: true });
	const logFile = path.join(N8N_DIR, 'install.log');
	let started = Date.now();
	const pinned = N8N_VERSION === pinnedN8nVersion();
	const resolved = pinned ? PINNED_DIR : resolvedDirFor(N8N_VERSION);
	// npm's cache serves what it holds without asking the registry again (`--prefer-offline`).
	const quiet = ['--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'];
	if (fs.existsSync(path.join(resolved, 'package-lock.json'))) {
		// The pinned tree, or the one the pick resolved: extracted as it is.
		copyResolvedTree(resolved, N8N_DIR);
		await run('npm', ['ci', ...quiet], { cwd: N8N_DIR, timeoutMs: INSTALL_TIMEOUT_MS, logFile });
	} else {
		const manifest = readJson(path.join(N8N_DIR, 'package.json')) ?? {};
		manifest.private = true;
		manifest.overrides = installOverrides(N8N_VERSION);
		fs.writeFileSync(path.join(N8N_DIR, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
		await run('npm', ['install', `n8n@${N8N_VERSION}`, '--save-exact', ...quiet], {
			cwd: N8N_DIR,
			timeoutMs: INSTALL_TIMEOUT_MS,
			logFile,
		});
	}
	if (!pinned) fs.rmSync(resolved, { recursive: true, force: true });
	log(`  npm done in ${Math.round((Date.now() - started) / 1000)} s; building sqlite3`);
	started = Date.now();
	// Build against the Node that will load it, with that Node's own headers (no download needed).
	const nodeRoot = path.dirname(path.dirname(nodeBin));
	// -O1 instead of node-gyp's -O3: a third of the compiler's time (13 s instead of 34 s for
	// SQLite's one big source file), for a database of a few workflows and executions.
	const env: NodeJS.ProcessEnv = { ...result(nodeBin).env, CFLAGS: '-O1', CXXFLAGS: '-O1' };
	if (fs.existsSync(path.join(nodeRoot, 'include', 'node', 'node_api.h'))) {
		env.npm_config_nodedir = nodeRoot;
	}
	await run('npm', ['rebuild', 'sqlite3'], {
		cwd: N8N_DIR,
		timeoutMs: REBUILD_TIMEOUT_MS,
		logFile,
		env,
	});
	log(`  sqlite3 built in ${Math.round((Date.now() - started) / 1000)} s`);
	if (!n8nReady())
		throw new Error(`n8n ${N8N_VERSION} install finished but is incomplete; see ${logFile}`);
}

function result(nodeBin: string): N8nInstall {
	return {
		nodeBin,
		n8nBin: n8nBinPath(),
		n8nPackageDir: N8N_PACKAGE_DIR,
		env: {
			...process.env,
			PATH: `${path.dirname(nodeBin)}${path.delimiter}${process.env.PATH ?? ''}`,
		},
	};
}

/**
 * A hermetic environment for an n8n command in `userFolder`: no N8N_* settings leak in from the
 * caller (nor jest's NODE_ENV=test), telemetry and update checks are off, it listens on 127.0.0.1
 * only. `extra` adds or overrides settings (encryption key, ports, log level...).
 */
export function n8nEnv(
	install: N8nInstall,
	userFolder: string,
	extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(install.env)) {
		if (/^(N8N_|DB_|JEST_)/.test(key) || key === 'NODE_ENV' || key === 'NODE_OPTIONS') continue;
		env[key] = value;
	}
	return {
		...env,
		N8N_USER_FOLDER: userFolder,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		...extra,
	};
}

/**
 * Loads a module of the installed n8n (`requireFromN8n(install, 'bcryptjs')`), resolved from n8n's
 * own package folder, so no script needs to know where `.cache/` keeps n8n.
 */
export function requireFromN8n<T>(install: N8nInstall, id: string): T {
	const resolved = require.resolve(id, { paths: [install.n8nPackageDir] });
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(resolved) as T;
}

/** Installs Node 24 and n8n into `.cache/` when missing; returns how to run n8n. */
export async function ensureN8n(): Promise<N8nInstall> {
	const nodeBin = findNode();
	if (nodeBin && n8nReady()) return result(nodeBin);
	return await withLock(async () => {
		const node = findNode() ?? (await installNode());
		if (!n8nReady()) await installN8n(node);
		log(`n8n ${N8N_VERSION} ready`);
		return result(node);
	});
}

/**
 * Moves the pin to the newest stable 2.x that installs from the registry: its resolved tree
 * (from the version pick, resolved again if the pick was remembered) becomes `scripts/n8n-pinned/`.
 */
export function pinNewest(): string {
	const version = newestN8nVersion();
	if (!fs.existsSync(path.join(resolvedDirFor(version), 'package-lock.json'))) {
		if (!installable(version))
			throw new Error(`n8n ${version} no longer installs from the registry`);
	}
	copyResolvedTree(resolvedDirFor(version), PINNED_DIR);
	return version;
}

if (require.main === module && process.argv.includes('--version')) {
	// For CI: the version as a step output (`version=x.y.z`), to key the cache of the install.
	process.stdout.write(`version=${N8N_VERSION}\n`);
} else if (require.main === module && process.argv.includes('--pin')) {
	const version = pinNewest();
	process.stdout.write(`pinned n8n ${version} in ${path.relative(REPO_ROOT, PINNED_DIR)}\n`);
} else if (require.main === module) {
	ensureN8n().then(
		(install) => {
			process.stdout.write(`node: ${install.nodeBin}\nn8n:  ${install.n8nBin}\n`);
		},
		(error: Error) => {
			process.stderr.write(`${error.message}\n`);
			process.exit(1);
		},
	);
}
