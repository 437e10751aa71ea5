/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error, @n8n/community-nodes/no-hardcoded-secrets -- test tooling, never shipped */
/**
 * End-to-end runs in a real n8n (the pinned 2.x, scripts/n8n-pinned/, on Node 24, by default; `N8N_VERSION=<x.y.z>` for another,
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
 *   const run = await e2e.execute(workflowJson.id);                 // the editor's "Execute workflow"
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
 * - With n8n 2.x, one `n8n start` per test file (started by the first call that needs it, up at
 *   `e2e.serverUrl`) takes everything over the editor's REST API, logged in as the owner:
 *   - `e2e.importCredentials(list)`: `POST /rest/credentials`; `data` is plain, n8n encrypts it.
 *     n8n gives each credential its own ID; workflows imported afterwards are pointed at it, so
 *     the `id` only has to match the workflow node's `credentials.<type>.id`.
 *   - `e2e.importWorkflow(json)`: `POST /rest/workflows` with the workflow's own `id` (object or
 *     array). The start node must be `n8n-nodes-base.manualTrigger`.
 *   - `e2e.execute(id)`: the editor's "Execute workflow" (`POST /rest/workflows/<id>/run`), waits
 *     for the execution's end and returns an {@link E2eRun}: `status`, `exitCode` (0 for
 *     success), `error` (message, description, node), `nodesRun`, `items(node)` (json of output 0),
 *     `fullItems(node)` (with pairedItem), `raw`, and `stdout` (n8n's log lines during the run).
 *   - `e2e.publish(id)`: the editor's "Publish" (`POST /rest/workflows/<id>/activate`).
 *   A process start costs 12 s of CPU: once per file, not once per command, and with
 *   `startE2e({ shared: true })` once per shared server (test/e2e/pool.ts), not once per file.
 * - With n8n 1.x (`npm run test:compat`) the same four are CLI commands (`import:credentials`,
 *   `import:workflow`, `execute --id --rawOutput`, `publish:workflow`), each a fresh process.
 * - `e2e.n8n(args)`: any other n8n CLI command in this user folder.
 * - `e2e.startServer()`: `n8n start` (once; later calls return at once).
 * - `e2e.stop()`: kills running n8n processes, closes the simulator and deletes the user folder
 *   (kept when `E2E_KEEP=1`). test/e2e/setup.ts also stops leftovers after each test file.
 * Every n8n command and REST call has a time limit (`commandTimeoutMs`, 300 s by default).
 * The jest project `e2e` runs test/e2e/global-setup.ts first (n8n install, pack) and gives every
 * test and hook 180 s (test/e2e/setup.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { DEMO_CREDENTIALS } from '../../scripts/dev';
import { startNodes } from '../../scripts/devCheck';
import {
	CACHE_DIR,
	ensureN8n,
	freePort,
	N8N_VERSION,
	n8nEnv,
	requireFromN8n,
	type N8nInstall,
} from '../../scripts/n8n';
import { fetchFresh } from '../../scripts/fetchFresh';
import { installPackage, packPackage, pruneOlderThan } from '../../scripts/package';
import { startServices, type Simulator, type SimulatorOptions } from '../simulator';
import { isAlive, SHARED_ENV, takeSlot } from './pool';

export { freePort } from '../../scripts/n8n';
export { installPackage, packPackage } from '../../scripts/package';

export const E2E_ENCRYPTION_KEY = 'e2e-fixed-encryption-key-not-secret';
const E2E_DIR = path.join(CACHE_DIR, 'e2e');
const TEMPLATE_DIR = path.join(CACHE_DIR, 'e2e-template');
const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';
/**
 * n8n 2.x: one `n8n start` per test file takes the credentials, the workflows and the runs over the
 * editor's REST API (a run is the editor's "Execute workflow"), so a test file starts n8n once
 * instead of once per command (each start costs 5-6 s of CPU). n8n 1.x (the compatibility check):
 * one CLI command each, as before.
 */
const SERVER_MODE = Number(N8N_VERSION.split('.')[0]) >= 2;

interface WorkflowNode {
	name: string;
	type: string;
	credentials?: Record<string, { id: string; name?: string }>;
	[key: string]: unknown;
}

interface WorkflowJson {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	pinData?: Record<string, unknown>;
}

export interface E2eOptions {
	/** Simulator seeds (passed to `startServices`); `port` is ignored: a free port is used. */
	simulator?: SimulatorOptions;
	/** Extra environment for every n8n command. */
	env?: Record<string, string>;
	/** Time limit for each n8n command (default 120 s). */
	commandTimeoutMs?: number;
	/** The tarball to install instead of the packed pack (e.g. a single-service package). */
	tarball?: string;
	/**
	 * Serve the editor and `/types/*.json` (n8n builds the editor's files into the user folder at
	 * every start: a third of a start's CPU). Off unless a test reads them; the REST API and the
	 * webhooks are served either way.
	 */
	editor?: boolean;
	/**
	 * Run on an n8n shared with other files, one file at a time (test/e2e/pool.ts), when one is
	 * free: for files that need no editor, settings, package or database of their own. The file's
	 * workflows and credentials are deleted when it stops; `userFolder` is the server's. Shared or
	 * not (every slot taken), it runs with `SHARED_ENV` (webhook URLs on 127.0.0.1).
	 */
	shared?: boolean;
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
	/** Publishes (activates) an imported workflow, as the editor's "Publish" does. */
	publish(workflowId: string): Promise<void>;
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

/** The demo credential of `type` (scripts/dev.ts, the one the examples use), on this simulator. */
export function demoCredential(type: string, simulatorUrl: string): E2eCredential {
	const demo = DEMO_CREDENTIALS[type];
	if (!demo) throw new Error(`scripts/dev.ts has no demo credential of type ${type}`);
	return { id: demo.id, name: demo.name, type, data: demo.data(simulatorUrl) };
}

/** The owner account of every throw-away n8n (made of parts: not a secret). */
const OWNER_LOGIN = ['E2e', 'owner', 'login', '1'].join('-');

const sessions = new Map<string, Promise<Record<string, string>>>();

/**
 * The request headers of the owner's session of the n8n running at `serverUrl` (after
 * `startServer()`), for the editor's REST API: the owner is created on the first call.
 */
export function ownerSession(serverUrl: string): Promise<Record<string, string>> {
	let session = sessions.get(serverUrl);
	if (!session) {
		session = setUpOwner(serverUrl);
		sessions.set(serverUrl, session);
		session.catch(() => sessions.delete(serverUrl));
	}
	return session;
}

async function setUpOwner(serverUrl: string): Promise<Record<string, string>> {
	const headers = { 'content-type': 'application/json', 'browser-id': 'e2e' };
	const setup = await fetchFresh(`${serverUrl}/rest/owner/setup`, {
		method: 'POST',
		headers,
		body: JSON.stringify({
			email: 'owner@example.com',
			firstName: 'E2e',
			lastName: 'Owner',
			password: OWNER_LOGIN,
		}),
	});
	// A shared n8n (test/e2e/pool.ts) has its owner from the file before: log in instead.
	const answer =
		setup.status === 200
			? setup
			: await fetchFresh(`${serverUrl}/rest/login`, {
					method: 'POST',
					headers,
					body: JSON.stringify({ emailOrLdapLoginId: 'owner@example.com', password: OWNER_LOGIN }),
				});
	if (answer.status !== 200) {
		throw new Error(
			`n8n owner setup answered ${setup.status}, and the owner's login ${answer.status}: ${await answer.text()}`,
		);
	}
	return { ...headers, cookie: (answer.headers.get('set-cookie') ?? '').split(';')[0] };
}

/** Everything started and not yet stopped, so a failed or timed-out test can still clean up. */
const live = new Set<() => Promise<void>>();

/** Stops every E2e instance (and n8n command) still running; test/e2e/setup.ts calls it after each file. */
export async function stopAllE2e(): Promise<void> {
	for (const stop of [...live]) await stop();
}

/**
 * Makes `target` once (aside, then renamed into place, so a folder there is always complete; a
 * test file running beside this one may make it too, and either copy serves).
 */
async function makeOnce(target: string, make: (folder: string) => Promise<void>): Promise<string> {
	if (fs.existsSync(path.join(target, 'ready'))) return target;
	fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
	const making = fs.mkdtempSync(`${target}-making-`);
	try {
		await make(making);
		fs.writeFileSync(path.join(making, 'ready'), '');
		try {
			fs.renameSync(making, target);
		} catch {
			// Made meanwhile by another test file: theirs is as good.
		}
		return target;
	} finally {
		fs.rmSync(making, { recursive: true, force: true });
	}
}

/**
 * A user folder whose database n8n has migrated (its first start: ~3 s of a quiet machine, over
 * 2 min seen under load), made once per n8n version: no package in it yet.
 */
async function migratedFolder(install: N8nInstall): Promise<string> {
	return await makeOnce(path.join(TEMPLATE_DIR, `n8n-${N8N_VERSION}`), async (folder) => {
		const ports = { broker: await freePort(), http: await freePort() };
		const migrated = await runN8n(
			install,
			['list:workflow'],
			n8nEnvironment(install, folder, ports),
			{
				cwd: folder,
				timeoutMs: 300_000,
			},
		);
		if (migrated.exitCode !== 0) {
			throw new Error(
				`n8n's first start failed (exit ${migrated.exitCode})\n${tail(migrated.stderr)}`,
			);
		}
	});
}

/**
 * A migrated user folder with the tarball installed, made once per tarball and n8n version and
 * copied by every test file: the npm install (~6 s) and the migrations are paid once per run.
 */
async function templateFolder(install: N8nInstall, tarball: string): Promise<string> {
	const key = createHash('sha256')
		.update(`${N8N_VERSION}\n${fs.readFileSync(tarball).toString('base64')}`)
		.digest('hex')
		.slice(0, 16);
	const template = path.join(TEMPLATE_DIR, key);
	if (fs.existsSync(path.join(template, 'ready'))) return template;
	pruneOlderThan(TEMPLATE_DIR, 6 * 60 * 60_000);
	const migrated = await migratedFolder(install);
	return await makeOnce(template, async (folder) => {
		fs.cpSync(migrated, folder, { recursive: true, verbatimSymlinks: true });
		fs.rmSync(path.join(folder, 'ready'));
		await installPackage(folder, tarball);
	});
}

/**
 * Makes the migrated user folder and the template with `tarball` installed, before any test file
 * runs (test/e2e/global-setup.ts): files that start together would each migrate a database of
 * their own (about 11 s of CPU each) before one of them finished the shared one.
 */
export async function prepareTemplate(tarball: string): Promise<void> {
	await templateFolder(await ensureN8n(), tarball);
}

/** Starts the simulator and prepares a fresh n8n user folder with the packed package installed. */
export async function startE2e(options: E2eOptions = {}): Promise<E2e> {
	const install = await ensureN8n();
	const tarball = options.tarball ?? (await packPackage());
	pruneOlderThan(E2E_DIR, 6 * 60 * 60_000);
	fs.mkdirSync(E2E_DIR, { recursive: true });
	// Shared over the REST API only (n8n 2.x): n8n 1.x's CLI commands each open the database.
	const slot = options.shared && SERVER_MODE && !options.tarball ? takeSlot() : undefined;
	const shared = slot?.server;
	const userFolder = shared?.userFolder ?? fs.mkdtempSync(path.join(E2E_DIR, `${Date.now()}-`));
	const children = new Set<ChildProcess>();
	// What this file made on a shared server, deleted when it stops.
	const made = { workflows: [] as string[], credentials: [] as string[] };
	// Until the file has made anything there: the slot goes back as it came.
	let handBack = async () => slot?.release();
	// 5 min: on a loaded 2-core machine n8n's first start (migrations) alone took over 2 min.
	const timeoutMs = options.commandTimeoutMs ?? 300_000;
	const sim = await startServices({ ...options.simulator, port: 0 });
	let stopped = false;
	const stop = async () => {
		if (stopped) return;
		stopped = true;
		live.delete(stop);
		for (const child of children) child.kill('SIGKILL');
		// Before the simulator closes: archiving a published trigger calls its service.
		if (slot) await handBack();
		await sim.close();
		if (slot) return;
		if (process.env.E2E_KEEP !== '1') fs.rmSync(userFolder, { recursive: true, force: true });
	};
	live.add(stop);
	let importCounter = 0;
	try {
		if (!shared) {
			fs.cpSync(await templateFolder(install, tarball), userFolder, {
				recursive: true,
				verbatimSymlinks: true,
			});
		}
		const ports = shared?.ports ?? { broker: await freePort(), http: await freePort() };
		const env = n8nEnvironment(install, userFolder, ports, {
			...(options.editor ? {} : { N8N_DISABLE_UI: 'true' }),
			...(options.shared ? SHARED_ENV : {}),
			...options.env,
		});
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
		let server: { pid: number; log: string } | undefined = shared;
		const startServer = async () => {
			if (server && isAlive(server.pid)) return;
			const log = path.join(userFolder, `server-${Date.now()}.log`);
			const out = fs.openSync(log, 'w');
			// A shared server is a process group of its own: it outlives this file (pool.ts).
			const child = spawn(install.nodeBin, [install.n8nBin, 'start'], {
				cwd: userFolder,
				env,
				stdio: ['ignore', out, out],
				detached: slot !== undefined,
			});
			fs.closeSync(out);
			if (slot) child.unref();
			else {
				children.add(child);
				child.on('exit', () => children.delete(child));
			}
			const deadline = Date.now() + timeoutMs;
			for (;;) {
				const text = fs.readFileSync(log, 'utf8');
				if (text.includes('Editor is now accessible')) break;
				if (child.exitCode !== null || Date.now() > deadline) {
					child.kill('SIGKILL');
					throw new Error(`n8n start did not come up (exit ${child.exitCode})\n${tail(text)}`);
				}
				await new Promise((resolve) => setTimeout(resolve, 250));
			}
			server = { pid: child.pid!, log };
			slot?.save({ userFolder, ports, pid: child.pid!, log });
		};
		const serverUrl = `http://127.0.0.1:${ports.http}`;
		const rest = async (method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown) => {
			await startServer();
			const answer = await fetchFresh(`${serverUrl}/rest${route}`, {
				method,
				headers: await ownerSession(serverUrl),
				body: body === undefined ? undefined : JSON.stringify(body),
				signal: AbortSignal.timeout(timeoutMs),
			});
			const text = await answer.text();
			if (!answer.ok) {
				throw new Error(
					`n8n answered ${method} /rest${route} with ${answer.status}: ${text.slice(0, 500)}`,
				);
			}
			return (JSON.parse(text) as { data: Record<string, unknown> }).data;
		};
		if (slot) {
			// The server goes to the next file with none of this file's workflows (archived first,
			// which unpublishes them) or credentials; one that cannot be cleaned is not handed on.
			handBack = async () => {
				if (!server || !isAlive(server.pid)) return slot.release();
				try {
					for (const id of made.workflows) {
						await rest('POST', `/workflows/${id}/archive`, {});
						await rest('DELETE', `/workflows/${id}`);
					}
					for (const id of made.credentials) await rest('DELETE', `/credentials/${id}`);
					slot.release();
				} catch (error) {
					process.kill(-server.pid, 'SIGKILL');
					slot.release();
					process.stderr.write(
						`[e2e] a shared n8n could not be cleaned, so it was stopped: ${String(error)}\n`,
					);
				}
			};
		}
		// Credentials made over the REST API get n8n's own IDs: workflows imported after them are
		// pointed at those (the IDs in the test's JSON only pair a workflow with its credential).
		const credentialIds = new Map<string, string>();
		const linkCredentials = (node: WorkflowNode): WorkflowNode => {
			if (!node.credentials) return node;
			const credentials = Object.fromEntries(
				Object.entries(node.credentials).map(([type, ref]) => [
					type,
					{ ...ref, id: credentialIds.get(ref.id) ?? ref.id },
				]),
			);
			return { ...node, credentials };
		};
		const serverTools = {
			importCredentials: async (list: E2eCredential[]) => {
				for (const credential of list) {
					const { name, type, data } = credential;
					const created = await rest('POST', '/credentials', { name, type, data });
					credentialIds.set(credential.id, String(created.id));
					made.credentials.push(String(created.id));
				}
			},
			importWorkflow: async (content: object | object[]) => {
				for (const workflow of (Array.isArray(content) ? content : [content]) as WorkflowJson[]) {
					await rest('POST', '/workflows', {
						id: workflow.id,
						name: workflow.name,
						nodes: workflow.nodes.map(linkCredentials),
						connections: workflow.connections,
						settings: workflow.settings ?? {},
						...(workflow.pinData ? { pinData: workflow.pinData } : {}),
					});
					made.workflows.push(workflow.id);
				}
			},
			execute: async (workflowId: string): Promise<E2eRun> => {
				const workflow = await rest('GET', `/workflows/${workflowId}`);
				const starts = startNodes(workflow);
				const trigger = starts.find((node) => node.type === MANUAL_TRIGGER) ?? starts[0];
				const logFrom = fs.statSync(server!.log).size;
				const started = await rest('POST', `/workflows/${workflowId}/run`, {
					triggerToStartFrom: { name: trigger?.name },
				});
				if (typeof started.executionId !== 'string') {
					throw new Error(`n8n started no execution of ${workflowId}: ${JSON.stringify(started)}`);
				}
				const deadline = Date.now() + timeoutMs;
				for (;;) {
					const execution = await rest('GET', `/executions/${started.executionId}`);
					const status = String(execution.status);
					if (!['new', 'running', 'waiting'].includes(status)) {
						const unflatten = requireFromN8n<{ parse(text: string): unknown }>(install, 'flatted');
						const data =
							typeof execution.data === 'string' ? unflatten.parse(execution.data) : execution.data;
						const stdout = fs.readFileSync(server!.log).subarray(logFrom).toString('utf8');
						const raw = { ...execution, data } as Record<string, unknown>;
						return toE2eRun(raw, { exitCode: status === 'success' ? 0 : 1, stdout, stderr: '' });
					}
					if (Date.now() > deadline) {
						throw new Error(
							`execution ${started.executionId} of ${workflowId} still ${status} after ${timeoutMs} ms`,
						);
					}
					await new Promise((resolve) => setTimeout(resolve, 200));
				}
			},
			publish: async (workflowId: string) => {
				const workflow = await rest('GET', `/workflows/${workflowId}`);
				await rest('POST', `/workflows/${workflowId}/activate`, { versionId: workflow.versionId });
			},
		};
		const cliTools = {
			importCredentials: async (list: E2eCredential[]) => await importFile('credentials', list),
			importWorkflow: async (workflow: object | object[]) => await importFile('workflow', workflow),
			execute: async (workflowId: string): Promise<E2eRun> => {
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
			publish: async (workflowId: string) => {
				const published = await n8n(['publish:workflow', `--id=${workflowId}`]);
				if (published.exitCode !== 0) {
					throw new Error(
						`n8n publish:workflow --id=${workflowId} failed\n${tail(published.stderr)}`,
					);
				}
			},
		};
		return {
			sim,
			userFolder,
			tarball,
			n8n,
			startServer,
			serverUrl,
			...(SERVER_MODE ? serverTools : cliTools),
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}
