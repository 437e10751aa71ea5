/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error, @n8n/community-nodes/no-hardcoded-secrets -- test tooling, never shipped */
/**
 * End-to-end runs in a real n8n (the newest 2.x on the npm registry, on Node 24, by default; `N8N_VERSION=<x.y.z>` for another,
 * see scripts/n8n.ts), with this package installed from its packed tarball as a community package,
 * exactly as users get it.
 *
 * ```ts
 * import { startE2e, type E2e } from './runner';
 * let e2e: E2e;
 * beforeAll(async () => { e2e = await startE2e(); });            // simulator + fresh n8n folder
 * afterAll(async () => { await e2e?.stop(); });
 * it('runs', async () => {
 *   await e2e.importCredentials([{ id: 'cred01', name: 'Demo', type: 'agentPlatformApi',
 *     data: { region: 'custom', baseUrl: e2e.sim.url, projectId: 'proj-demo', apiKey: 'sk-demo-admin' } }]);
 *   await e2e.importWorkflow(workflowJson);                         // object or array, string ids <= 21 chars
 *   const run = await e2e.execute(workflowJson.id);                 // `n8n execute --id`
 *   expect(run.status).toBe('success');
 *   expect(run.items('Node Name')).toEqual([{ ... }]);              // json of output 0
 *   expect(e2e.sim.services.admin.projects.get('proj-demo')).toMatchObject({ ... });
 * });
 * ```
 *
 * API (kept small and stable; other e2e tests rely on it):
 * - `startE2e({ simulator?, env? })`: starts the in-process simulator (`startServices(simulator)`,
 *   demo seeds by default, random port), packs the built `dist/` (once per content, reused from
 *   `.cache/pack/<hash>/`), and creates `.cache/e2e/<unique>/` as a copy of a user folder with
 *   the tarball in `.n8n/nodes` and n8n's database migrated (made once per tarball and n8n
 *   version in `.cache/e2e-template/`). Needs `npm run build` first; installs n8n on first use.
 * - `e2e.importCredentials(list)`: `n8n import:credentials`; `data` is plain, n8n encrypts it.
 *   The credential `id` must match the workflow node's `credentials.<type>.id`.
 * - `e2e.importWorkflow(json)`: `n8n import:workflow` (throws unless n8n reports every workflow
 *   imported). The start node must be `n8n-nodes-base.manualTrigger` (or executeWorkflowTrigger).
 * - `e2e.execute(id)`: `n8n execute --id` with `N8N_LOG_LEVEL=info`; parses the run JSON that n8n
 *   prints (also for a failed run) and returns an {@link E2eRun}: `status`, `error` (message,
 *   description, node), `nodesRun`, `items(node)` (json of output 0), `fullItems(node)` (with
 *   pairedItem), `raw`. Throws only when n8n printed no run at all (crash, unknown id, timeout).
 * - `e2e.n8n(args)`: any other n8n CLI command in this user folder.
 * - `e2e.startServer()`: `n8n start`, up at `e2e.serverUrl` (the editor's REST API).
 * - `e2e.stop()`: kills running n8n commands, closes the simulator and deletes the user folder
 *   (kept when `E2E_KEEP=1`). test/e2e/setup.ts also stops leftovers after each test file.
 * Every n8n command has a time limit (`commandTimeoutMs`, 120 s by default). Each command is a
 * fresh n8n process (3-6 s); the SQLite database in the user folder carries state between them.
 * The jest project `e2e` runs test/e2e/global-setup.ts first (n8n install, pack) and gives every
 * test and hook 180 s (test/e2e/setup.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import {
	CACHE_DIR,
	ensureN8n,
	freePort,
	N8N_VERSION,
	n8nEnv,
	type N8nInstall,
} from '../../scripts/n8n';
import { installPackage, packPackage, pruneOlderThan } from '../../scripts/package';
import { startServices, type Simulator, type SimulatorOptions } from '../simulator';

export { freePort } from '../../scripts/n8n';
export { installPackage, packPackage } from '../../scripts/package';

export const E2E_ENCRYPTION_KEY = 'e2e-fixed-encryption-key-not-secret';
const E2E_DIR = path.join(CACHE_DIR, 'e2e');
const TEMPLATE_DIR = path.join(CACHE_DIR, 'e2e-template');

export interface E2eOptions {
	/** Simulator seeds (passed to `startServices`); `port` is ignored: a free port is used. */
	simulator?: SimulatorOptions;
	/** Extra environment for every n8n command. */
	env?: Record<string, string>;
	/** Time limit for each n8n command (default 120 s). */
	commandTimeoutMs?: number;
	/** The tarball to install instead of the packed pack (e.g. a single-service package). */
	tarball?: string;
}

export interface E2eCredential {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export interface JsonItem {
	json: Record<string, unknown>;
	pairedItem?: unknown;
	[key: string]: unknown;
}

export interface E2eRun {
	/** n8n's execution status: 'success', 'error', ... */
	status: string;
	exitCode: number;
	/** The whole run object n8n printed (`{ data: { resultData: { runData, error? } }, status, ... }`). */
	raw: Record<string, unknown>;
	/** The run's error (`resultData.error`), if the workflow failed. */
	error?: {
		message?: string;
		description?: string;
		node?: { name?: string };
		[key: string]: unknown;
	};
	/** Names of the nodes that ran, in order of their first run. */
	nodesRun: string[];
	/** The `json` of every item a node emitted on `output` (default 0) in its run `runIndex` (default 0). */
	items(nodeName: string, output?: number, runIndex?: number): Array<Record<string, unknown>>;
	/** Full items (json, pairedItem, ...) of a node's output. */
	fullItems(nodeName: string, output?: number, runIndex?: number): JsonItem[];
	stdout: string;
	stderr: string;
}

export interface E2e {
	sim: Simulator;
	/** The n8n user folder (N8N_USER_FOLDER) of this run. */
	userFolder: string;
	/** The packed tarball that was installed. */
	tarball: string;
	importCredentials(list: E2eCredential[]): Promise<void>;
	importWorkflow(workflow: object | object[]): Promise<void>;
	execute(workflowId: string): Promise<E2eRun>;
	/** Runs any n8n CLI command (e.g. `['export:workflow', '--all']`) in this user folder. */
	n8n(args: string[], extraEnv?: Record<string, string>): Promise<CommandResult>;
	/**
	 * Starts `n8n start` (published workflows become active: triggers and polls run) and resolves
	 * once the editor is up at `serverUrl`; `stop()` ends it.
	 */
	startServer(): Promise<void>;
	/** Where `startServer()` serves the editor and its REST API (`http://127.0.0.1:<port>`). */
	serverUrl: string;
	stop(): Promise<void>;
}

export interface CommandResult {
	exitCode: number;
	stdout: string;
	stderr: string;
}

/** The environment of every e2e n8n command: n8nEnv() plus private ports and info logging. */
export function n8nEnvironment(
	install: N8nInstall,
	userFolder: string,
	ports: { broker: number; http: number },
	extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
	return n8nEnv(install, userFolder, {
		N8N_ENCRYPTION_KEY: E2E_ENCRYPTION_KEY,
		N8N_PORT: String(ports.http),
		N8N_RUNNERS_BROKER_PORT: String(ports.broker),
		N8N_LOG_LEVEL: 'info',
		...extra,
	});
}

let commandCounter = 0;

/**
 * Runs `node n8n <args>` with a time limit, collecting its output. stdout and stderr go to files,
 * not pipes: n8n ends with `process.exit()`, which can cut off a large output still queued in a
 * pipe on a busy machine, while writes to a file are synchronous and complete when it exits.
 */
export function runN8n(
	install: N8nInstall,
	args: string[],
	env: NodeJS.ProcessEnv,
	options: { cwd: string; timeoutMs: number; children?: Set<ChildProcess> },
): Promise<CommandResult> {
	const base = path.join(options.cwd, `command-${process.pid}-${++commandCounter}`);
	const files = { stdout: `${base}.stdout`, stderr: `${base}.stderr` };
	const stdoutFd = fs.openSync(files.stdout, 'w');
	const stderrFd = fs.openSync(files.stderr, 'w');
	const collect = () => {
		const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
		const output = { stdout: read(files.stdout), stderr: read(files.stderr) };
		fs.rmSync(files.stdout, { force: true });
		fs.rmSync(files.stderr, { force: true });
		return output;
	};
	return new Promise((resolve, reject) => {
		let child: ChildProcess;
		try {
			child = spawn(install.nodeBin, [install.n8nBin, ...args], {
				cwd: options.cwd,
				env,
				stdio: ['ignore', stdoutFd, stderrFd],
			});
		} finally {
			// The child has its own copies of the descriptors.
			fs.closeSync(stdoutFd);
			fs.closeSync(stderrFd);
		}
		options.children?.add(child);
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			child.kill('SIGKILL');
		}, options.timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			options.children?.delete(child);
			collect();
			reject(error);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			options.children?.delete(child);
			const { stdout, stderr } = collect();
			if (timedOut) {
				reject(
					new Error(
						`n8n ${args[0]} timed out after ${options.timeoutMs} ms\n${tail(stdout)}\n${tail(stderr)}`,
					),
				);
				return;
			}
			resolve({ exitCode: code ?? (signal ? 128 : 1), stdout, stderr });
		});
	});
}

const tail = (text: string, lines = 40) => text.trimEnd().split('\n').slice(-lines).join('\n');

/**
 * The run JSON in n8n's output: it starts at the first line beginning with `{` and (being
 * printed with two-space indentation) ends at the first later line that is exactly `}`.
 */
export function parseRunOutput(output: string): Record<string, unknown> | undefined {
	const lines = output.split('\n');
	const start = lines.findIndex((line) => line.startsWith('{'));
	if (start < 0) return undefined;
	for (let end = start; end < lines.length; end++) {
		if (lines[end].trimEnd() !== '}' && !(end === start && lines[end].trimEnd().endsWith('}'))) {
			continue;
		}
		try {
			return JSON.parse(lines.slice(start, end + 1).join('\n')) as Record<string, unknown>;
		} catch {
			// not the end yet
		}
	}
	return undefined;
}

interface RunDataEntry {
	data?: { main?: Array<JsonItem[] | null> };
}

export function toE2eRun(raw: Record<string, unknown>, command: CommandResult): E2eRun {
	const resultData = ((raw.data as Record<string, unknown> | undefined)?.resultData ?? {}) as {
		runData?: Record<string, RunDataEntry[]>;
		error?: E2eRun['error'];
	};
	const runData = resultData.runData ?? {};
	const fullItems = (nodeName: string, output = 0, runIndex = 0): JsonItem[] => {
		const runs = runData[nodeName];
		if (!runs) {
			throw new Error(
				`Node "${nodeName}" did not run; nodes that ran: ${Object.keys(runData).join(', ') || 'none'}`,
			);
		}
		return runs[runIndex]?.data?.main?.[output] ?? [];
	};
	return {
		status: String(raw.status ?? (resultData.error ? 'error' : 'unknown')),
		exitCode: command.exitCode,
		raw,
		error: resultData.error,
		nodesRun: Object.keys(runData),
		fullItems,
		items: (nodeName, output, runIndex) =>
			fullItems(nodeName, output, runIndex).map((item) => item.json),
		stdout: command.stdout,
		stderr: command.stderr,
	};
}

/** The owner account of every throw-away n8n (made of parts: not a secret). */
const OWNER_LOGIN = ['E2e', 'owner', 'login', '1'].join('-');

/**
 * Creates the owner of the n8n running at `serverUrl` (after `startServer()`) and returns the
 * request headers of that owner's session, for the editor's REST API.
 */
export async function ownerSession(serverUrl: string): Promise<Record<string, string>> {
	const headers = { 'content-type': 'application/json', 'browser-id': 'e2e' };
	const setup = await fetch(`${serverUrl}/rest/owner/setup`, {
		method: 'POST',
		headers,
		body: JSON.stringify({
			email: 'owner@example.com',
			firstName: 'E2e',
			lastName: 'Owner',
			password: OWNER_LOGIN,
		}),
	});
	if (setup.status !== 200) {
		throw new Error(`n8n owner setup answered ${setup.status}: ${await setup.text()}`);
	}
	return { ...headers, cookie: (setup.headers.get('set-cookie') ?? '').split(';')[0] };
}

/** Everything started and not yet stopped, so a failed or timed-out test can still clean up. */
const live = new Set<() => Promise<void>>();

/** Stops every E2e instance (and n8n command) still running; test/e2e/setup.ts calls it after each file. */
export async function stopAllE2e(): Promise<void> {
	for (const stop of [...live]) await stop();
}

/** Starts the simulator and prepares a fresh n8n user folder with the packed package installed. */
/**
 * A user folder with the tarball installed and n8n's database migrated, made once per tarball and
 * n8n version and copied by every test file: the npm install (~6 s) and the migrations of a first
 * start (~3 s on a quiet machine, over 2 min seen under load) are paid once per run, not per file.
 */
async function templateFolder(install: N8nInstall, tarball: string): Promise<string> {
	const key = createHash('sha256')
		.update(`${N8N_VERSION}\n${fs.readFileSync(tarball).toString('base64')}`)
		.digest('hex')
		.slice(0, 16);
	const template = path.join(TEMPLATE_DIR, key);
	if (fs.existsSync(path.join(template, 'ready'))) return template;
	pruneOlderThan(TEMPLATE_DIR, 6 * 60 * 60_000);
	fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
	// Made aside and renamed into place, so a folder under `template` is always complete.
	const making = fs.mkdtempSync(path.join(TEMPLATE_DIR, `${key}-making-`));
	try {
		await installPackage(making, tarball);
		const ports = { broker: await freePort(), http: await freePort() };
		const migrated = await runN8n(
			install,
			['list:workflow'],
			n8nEnvironment(install, making, ports),
			{ cwd: making, timeoutMs: 300_000 },
		);
		if (migrated.exitCode !== 0) {
			throw new Error(
				`n8n's first start failed (exit ${migrated.exitCode})\n${tail(migrated.stderr)}`,
			);
		}
		fs.writeFileSync(path.join(making, 'ready'), '');
		try {
			fs.renameSync(making, template);
		} catch {
			// Another test file made it meanwhile: theirs is as good.
		}
		return template;
	} finally {
		fs.rmSync(making, { recursive: true, force: true });
	}
}

export async function startE2e(options: E2eOptions = {}): Promise<E2e> {
	const install = await ensureN8n();
	const tarball = options.tarball ?? (await packPackage());
	pruneOlderThan(E2E_DIR, 6 * 60 * 60_000);
	fs.mkdirSync(E2E_DIR, { recursive: true });
	const userFolder = fs.mkdtempSync(path.join(E2E_DIR, `${Date.now()}-`));
	const children = new Set<ChildProcess>();
	// 5 min: on a loaded 2-core machine n8n's first start (migrations) alone took over 2 min.
	const timeoutMs = options.commandTimeoutMs ?? 300_000;
	const sim = await startServices({ ...options.simulator, port: 0 });
	let stopped = false;
	const stop = async () => {
		if (stopped) return;
		stopped = true;
		live.delete(stop);
		for (const child of children) child.kill('SIGKILL');
		await sim.close();
		if (process.env.E2E_KEEP !== '1') fs.rmSync(userFolder, { recursive: true, force: true });
	};
	live.add(stop);
	let importCounter = 0;
	try {
		fs.cpSync(await templateFolder(install, tarball), userFolder, {
			recursive: true,
			verbatimSymlinks: true,
		});
		const ports = { broker: await freePort(), http: await freePort() };
		const env = n8nEnvironment(install, userFolder, ports, options.env);
		const n8n = async (args: string[], extraEnv: Record<string, string> = {}) =>
			await runN8n(
				install,
				args,
				{ ...env, ...extraEnv },
				{ cwd: userFolder, timeoutMs, children },
			);
		const importFile = async (kind: 'credentials' | 'workflow', content: unknown) => {
			const file = path.join(userFolder, `import-${kind}-${++importCounter}.json`);
			fs.writeFileSync(file, JSON.stringify(content, null, 2));
			const result = await n8n([`import:${kind}`, `--input=${file}`]);
			const expected = Array.isArray(content) ? content.length : 1;
			const imported = /Successfully imported (\d+) (credential|workflow)/.exec(result.stdout);
			if (result.exitCode !== 0 || Number(imported?.[1]) !== expected) {
				throw new Error(
					`n8n import:${kind} failed (exit ${result.exitCode}, ${imported?.[1] ?? 'no'} of ${expected} imported)\n` +
						`${tail(result.stdout)}\n${tail(result.stderr)}`,
				);
			}
		};
		const startServer = async () => {
			const log = path.join(userFolder, `server-${Date.now()}.log`);
			const out = fs.openSync(log, 'w');
			const child = spawn(install.nodeBin, [install.n8nBin, 'start'], {
				cwd: userFolder,
				env,
				stdio: ['ignore', out, out],
			});
			fs.closeSync(out);
			children.add(child);
			child.on('exit', () => children.delete(child));
			const deadline = Date.now() + timeoutMs;
			for (;;) {
				const text = fs.readFileSync(log, 'utf8');
				if (text.includes('Editor is now accessible')) return;
				if (child.exitCode !== null || Date.now() > deadline) {
					child.kill('SIGKILL');
					throw new Error(`n8n start did not come up (exit ${child.exitCode})\n${tail(text)}`);
				}
				await new Promise((resolve) => setTimeout(resolve, 250));
			}
		};
		return {
			sim,
			userFolder,
			tarball,
			n8n,
			startServer,
			serverUrl: `http://127.0.0.1:${ports.http}`,
			importCredentials: async (list) => await importFile('credentials', list),
			importWorkflow: async (workflow) => await importFile('workflow', workflow),
			execute: async (workflowId) => {
				const result = await n8n(['execute', `--id=${workflowId}`, '--rawOutput'], {
					N8N_LOG_LEVEL: 'info',
				});
				const raw = parseRunOutput(result.stdout) ?? parseRunOutput(result.stderr);
				if (!raw) {
					throw new Error(
						`n8n execute --id=${workflowId} printed no run (exit ${result.exitCode})\n` +
							`${tail(result.stdout)}\n${tail(result.stderr)}`,
					);
				}
				return toE2eRun(raw, result);
			},
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}
