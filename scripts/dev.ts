/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error, @n8n/community-nodes/no-hardcoded-secrets -- local development tool with demo keys, never shipped */
/**
 * `npm run dev` (after `n8n-node build`): a local n8n with this package and demo data.
 *
 * 1. Installs Node 24 + the pinned n8n 2.x into `.cache/` on first use (scripts/n8n.ts).
 * 2. Starts the service simulator on 127.0.0.1:5680 with its demo seeds.
 * 3. Packs `dist/` and (re)installs it as a community package in the persistent user folder
 *    `.cache/dev-n8n` (node types `n8n-nodes-agent-platform.<node>`, as users get them).
 * 4. Imports a demo credential for every credential type in package.json `n8n.credentials` that
 *    DEMO_CREDENTIALS below knows (pointing at the simulator), and every workflow in `examples/`.
 * 5. Runs `n8n start` on http://127.0.0.1:5678 with a demo owner login, waits for "Editor is now
 *    accessible", prints what to open; Ctrl-C (or SIGTERM) stops n8n and the simulator.
 *
 * Ports: DEV_N8N_PORT (5678), DEV_SIMULATOR_PORT (5680), DEV_BROKER_PORT (5679, n8n's task broker).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServices, type Simulator } from '../test/simulator';
import {
	CACHE_DIR,
	REPO_ROOT,
	ensureN8n,
	freePort,
	n8nEnv,
	requireFromN8n,
	run,
	type N8nInstall,
} from './n8n';
import { checkDemos, summary } from './devCheck';
import { installPackage, packPackage, readManifest } from './package';

/** Where and on which ports this run's n8n and simulator live. */
interface DevSetup {
	/** `--check`: run every demo, print a summary, stop, exit non-zero on any failure. */
	check: boolean;
	n8nPort: number;
	simulatorPort: number;
	brokerPort: number;
	userFolder: string;
}

/**
 * `npm run dev` keeps its user folder and fixed ports; `--check` starts from a fresh folder of
 * its own on free ports (unless DEV_*_PORT say otherwise), so it runs beside a running dev n8n.
 */
async function devSetup(check: boolean): Promise<DevSetup> {
	const port = async (name: string, fallback: number) =>
		process.env[name] ? Number(process.env[name]) : check ? await freePort() : fallback;
	const userFolder = path.join(CACHE_DIR, check ? 'dev-check' : 'dev-n8n');
	if (check) fs.rmSync(userFolder, { recursive: true, force: true });
	fs.mkdirSync(userFolder, { recursive: true });
	return {
		check,
		n8nPort: await port('DEV_N8N_PORT', 5678),
		simulatorPort: await port('DEV_SIMULATOR_PORT', 5680),
		brokerPort: await port('DEV_BROKER_PORT', 5679),
		userFolder,
	};
}
const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');
const READY_TIMEOUT_MS = 180_000;
/** `--check` from n8n's install on: packing, imports, start, every demo, stop. */
const CHECK_TIMEOUT_MS = 15 * 60_000;
const STOP_TIMEOUT_MS = 20_000;
/** Fixed, so the imported credentials stay readable across restarts. Local demo data only. */
const DEV_ENCRYPTION_KEY = 'dev-n8n-local-demo-encryption-key';
/** The editor login, created by n8n from N8N_INSTANCE_OWNER_* on every start. */
export const DEMO_OWNER = { email: 'dev@example.com', password: 'Demo-n8n-2026' };

export interface DemoCredential {
	id: string;
	name: string;
	data: (simulatorUrl: string) => Record<string, unknown>;
}

/**
 * Demo credentials by credential type name (the class's `name`), all pointing at the simulator.
 * The ids are the ones the workflows in `examples/` use. Add a row for a new credential type.
 */
export const DEMO_CREDENTIALS: Record<string, DemoCredential> = {
	agentPlatformApi: {
		id: 'demoAdminCred001',
		name: 'Agent platform admin (simulator)',
		data: (url) => ({
			region: 'custom',
			baseUrl: url,
			projectId: 'proj-demo',
			apiKey: 'sk-demo-admin',
		}),
	},
	marketingAutomationApi: {
		id: 'demoMarketingCred01',
		name: 'Marketing automation (simulator)',
		data: (url) => ({
			restEndpoint: `${url}/rest`,
			clientId: 'demo-client-id',
			clientSecret: 'demo-client-secret',
		}),
	},
	marketingAutomationFlowStepApi: {
		id: 'demoFlowStepCr01',
		name: 'Marketing flow step (simulator)',
		data: () => ({ authentication: 'apiKey', apiKey: 'flow-step-demo-key-0123456789' }),
	},
	anzSalesIntelligenceApi: {
		id: 'demoAnzCred01',
		name: 'AU/NZ sales intelligence (simulator)',
		data: (url) => ({
			api: 'service',
			serviceUrl: `${url}/anz`,
			baseUrl: '',
			apiKey: 'anz-demo-key',
		}),
	},
	globalEnrichmentApi: {
		id: 'demoGlobalCred01',
		name: 'Global enrichment (simulator)',
		data: (url) => ({
			api: 'service',
			serviceUrl: `${url}/global`,
			baseUrl: '',
			apiKey: 'global-demo-key',
		}),
	},
};

const say = (message: string) => process.stdout.write(`[dev] ${message}\n`);
const warn = (message: string) => process.stderr.write(`[dev] warning: ${message}\n`);

interface CredentialTypeInfo {
	name: string;
	displayName: string;
	properties: Array<{
		name: string;
		required?: boolean;
		default?: unknown;
		displayOptions?: { show?: Record<string, unknown[]> };
	}>;
}

/** The credential types the built package registers, read from the compiled classes in dist/. */
function packageCredentialTypes(): CredentialTypeInfo[] {
	return (readManifest().n8n.credentials ?? []).map((file) => {
		const className = path.basename(file).split('.')[0];
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const exported = require(path.join(REPO_ROOT, file)) as Record<
			string,
			new () => CredentialTypeInfo
		>;
		const Type = exported[className];
		if (!Type) throw new Error(`${file} does not export class ${className}`);
		return new Type();
	});
}

function demoCredentials(simulatorUrl: string) {
	const list: Array<{ id: string; name: string; type: string; data: Record<string, unknown> }> = [];
	for (const type of packageCredentialTypes()) {
		const demo = DEMO_CREDENTIALS[type.name];
		if (!demo) {
			warn(
				`no demo credential for type ${type.name}; add one to DEMO_CREDENTIALS in scripts/dev.ts`,
			);
			continue;
		}
		const data = demo.data(simulatorUrl);
		const known = new Set(type.properties.map((property) => property.name));
		const unknown = Object.keys(data).filter((key) => !known.has(key));
		// A required field hidden by the demo's other values (Basic fields of an API-key credential) is not missing.
		const valueOf = (name: string) =>
			data[name] ?? type.properties.find((property) => property.name === name)?.default;
		const shown = (property: (typeof type.properties)[number]) =>
			Object.entries(property.displayOptions?.show ?? {}).every(([name, values]) =>
				values.includes(valueOf(name)),
			);
		const missing = type.properties
			.filter(
				(property) => property.required && shown(property) && data[property.name] === undefined,
			)
			.map((property) => property.name);
		if (unknown.length > 0)
			warn(`demo ${type.name} has fields the type lacks: ${unknown.join(', ')}`);
		if (missing.length > 0) warn(`demo ${type.name} lacks required fields: ${missing.join(', ')}`);
		list.push({ id: demo.id, name: demo.name, type: type.name, data });
	}
	return list;
}

function exampleWorkflows(): Array<{ file: string; id: string; name: string; json: unknown }> {
	if (!fs.existsSync(EXAMPLES_DIR)) return [];
	return fs
		.readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const json = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as {
				id?: unknown;
				name?: unknown;
			};
			if (typeof json.id !== 'string' || json.id.length > 21) {
				throw new Error(
					`examples/${file}: the workflow needs a string "id" of at most 21 characters`,
				);
			}
			return { file, id: json.id, name: String(json.name ?? file), json };
		});
}

async function n8nCommand(
	install: N8nInstall,
	env: NodeJS.ProcessEnv,
	userFolder: string,
	args: string[],
) {
	const logFile = path.join(userFolder, 'dev-commands.log');
	fs.appendFileSync(logFile, `\n$ n8n ${args.join(' ')}\n`);
	await run(install.nodeBin, [install.n8nBin, ...args], {
		cwd: userFolder,
		timeoutMs: 120_000,
		logFile,
		env,
	});
}

/** Starts `n8n start` and resolves once the editor is up (rejects if it exits or takes too long). */
function startN8n(
	install: N8nInstall,
	env: NodeJS.ProcessEnv,
	userFolder: string,
	logFile?: string,
): Promise<ChildProcess> {
	return new Promise((resolve, reject) => {
		const child = spawn(install.nodeBin, [install.n8nBin, 'start'], {
			cwd: userFolder,
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let ready = false;
		let seen = '';
		const timer = setTimeout(() => {
			if (ready) return;
			child.kill('SIGKILL');
			reject(
				new Error(
					`n8n did not report "Editor is now accessible" within ${READY_TIMEOUT_MS / 1000} s`,
				),
			);
		}, READY_TIMEOUT_MS);
		// To the terminal, or (for --check) to a log file.
		const out = logFile ? fs.openSync(logFile, 'a') : undefined;
		child.on('exit', () => {
			if (out !== undefined) fs.closeSync(out);
		});
		const forward = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
			if (out === undefined) stream.write(chunk);
			else fs.writeSync(out, chunk);
			if (ready) return;
			seen = (seen + chunk.toString('utf8')).slice(-4000);
			if (seen.includes('Editor is now accessible')) {
				ready = true;
				clearTimeout(timer);
				resolve(child);
			}
		};
		child.stdout.on('data', forward(process.stdout));
		child.stderr.on('data', forward(process.stderr));
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			if (!ready) reject(new Error(`n8n exited before it was ready (${signal ?? `exit ${code}`})`));
		});
	});
}

async function stopChild(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	child.kill('SIGTERM');
	const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
	await exited;
	clearTimeout(timer);
}

/**
 * n8n copies its editor assets (hundreds of .js files) into `<user folder>/.cache/n8n/public` on
 * every start. Inside the repository, `eslint .` would lint them; ESLint does not follow symlinked
 * folders, so that cache lives in the system temp folder behind a symlink.
 */
function linkStaticCache(userFolder: string) {
	const link = path.join(userFolder, '.cache');
	const target = path.join(
		os.tmpdir(),
		`n8n-nodes-agent-platform-${path.basename(userFolder)}-static`,
	);
	fs.mkdirSync(target, { recursive: true });
	const current = fs.lstatSync(link, { throwIfNoEntry: false });
	if (current?.isSymbolicLink() && fs.readlinkSync(link) === target) return;
	if (current) fs.rmSync(link, { recursive: true, force: true });
	fs.symlinkSync(target, link, 'dir');
}

async function ownerPasswordHash(install: N8nInstall): Promise<string> {
	// n8n's own bcrypt implementation, from the n8n install.
	const bcrypt = requireFromN8n<{ hash(value: string, rounds: number): Promise<string> }>(
		install,
		'bcryptjs',
	);
	return await bcrypt.hash(DEMO_OWNER.password, 10);
}

async function main(check: boolean) {
	const install = await ensureN8n();
	const setup = await devSetup(check);
	const { userFolder } = setup;

	let simulator: Simulator;
	try {
		simulator = await startServices({ port: setup.simulatorPort });
	} catch (error) {
		throw new Error(
			`Cannot start the simulator on 127.0.0.1:${setup.simulatorPort} (${(error as Error).message}). ` +
				'Is another `npm run dev` or `npm run simulator` running? Set DEV_SIMULATOR_PORT to use another port.',
		);
	}
	say(`service simulator on ${simulator.url} (state: ${simulator.url}/__sim/state)`);

	let n8n: ChildProcess | undefined;
	let stopping = false;
	const shutdown = async (exitCode: number) => {
		if (stopping) return;
		stopping = true;
		say('stopping n8n and the simulator');
		if (n8n) await stopChild(n8n);
		await simulator.close();
		if (check && exitCode === 0) fs.rmSync(userFolder, { recursive: true, force: true });
		process.exit(exitCode);
	};
	process.on('SIGINT', () => void shutdown(check ? 1 : 0));
	process.on('SIGTERM', () => void shutdown(check ? 1 : 0));
	if (check) {
		setTimeout(() => {
			process.stderr.write(`[dev] --check took longer than ${CHECK_TIMEOUT_MS / 60_000} min\n`);
			void shutdown(1);
		}, CHECK_TIMEOUT_MS).unref();
	}

	try {
		const tarball = await packPackage();
		// Replaces the version installed before.
		await installPackage(userFolder, tarball);
		linkStaticCache(userFolder);
		say(
			`installed ${path.relative(REPO_ROOT, tarball)} into ${path.relative(REPO_ROOT, userFolder)}`,
		);

		const env = n8nEnv(install, userFolder, {
			N8N_ENCRYPTION_KEY: DEV_ENCRYPTION_KEY,
			N8N_PORT: String(setup.n8nPort),
			N8N_RUNNERS_BROKER_PORT: String(setup.brokerPort),
			// Webhook URLs (a trigger's subscription at the simulator) on the address n8n listens on.
			N8N_HOST: '127.0.0.1',
			N8N_LOG_LEVEL: 'info',
			N8N_SECURE_COOKIE: 'false',
			N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
			N8N_INSTANCE_OWNER_EMAIL: DEMO_OWNER.email,
			N8N_INSTANCE_OWNER_FIRST_NAME: 'Demo',
			N8N_INSTANCE_OWNER_LAST_NAME: 'Developer',
			N8N_INSTANCE_OWNER_PASSWORD_HASH: await ownerPasswordHash(install),
		});

		const credentials = demoCredentials(simulator.url);
		const workflows = exampleWorkflows();
		const importDir = path.join(userFolder, 'import');
		fs.mkdirSync(importDir, { recursive: true });
		if (credentials.length > 0) {
			const file = path.join(importDir, 'credentials.json');
			fs.writeFileSync(file, JSON.stringify(credentials, null, 2));
			await n8nCommand(install, env, userFolder, ['import:credentials', `--input=${file}`]);
		}
		if (workflows.length > 0) {
			const file = path.join(importDir, 'workflows.json');
			fs.writeFileSync(
				file,
				JSON.stringify(
					workflows.map((workflow) => workflow.json),
					null,
					2,
				),
			);
			await n8nCommand(install, env, userFolder, ['import:workflow', `--input=${file}`]);
		}

		const editor = `http://127.0.0.1:${setup.n8nPort}`;
		say(`starting n8n on ${editor} (first start runs database migrations)`);
		const n8nLog = path.join(userFolder, 'n8n.log');
		n8n = await startN8n(install, env, userFolder, check ? n8nLog : undefined);
		n8n.on('exit', (code) => {
			if (!stopping) {
				warn(`n8n exited (${code ?? 'signal'})`);
				void shutdown(code ?? 1);
			}
		});

		if (check) {
			say(`n8n is ready on ${editor}; running the ${workflows.length} demos (log: ${n8nLog})`);
			const outcomes = await checkDemos({
				unflatten: requireFromN8n<{ parse(text: string): unknown }>(install, 'flatted').parse,
				editorUrl: editor,
				login: DEMO_OWNER,
				demos: workflows,
			});
			process.stdout.write(`[dev] --check:\n${summary(outcomes)}\n`);
			const failed = outcomes.some((outcome) => !outcome.ok) || outcomes.length === 0;
			if (failed) process.stderr.write(`[dev] last lines of ${n8nLog}:\n${tail(n8nLog, 40)}\n`);
			await shutdown(failed ? 1 : 0);
			return;
		}

		const lines = [
			'',
			`n8n is ready: open ${editor}`,
			`  log in as ${DEMO_OWNER.email} / ${DEMO_OWNER.password} (local demo owner)`,
			`  simulator: ${simulator.url}  (state: ${simulator.url}/__sim/state)`,
			`  credentials (${credentials.length}):`,
			...credentials.map(
				(credential) => `    ${credential.id}  ${credential.type}  "${credential.name}"`,
			),
			`  workflows (${workflows.length}):`,
			...workflows.map(
				(workflow) =>
					`    ${editor}/workflow/${workflow.id}  "${workflow.name}" (examples/${workflow.file})`,
			),
			'  Ctrl-C stops n8n and the simulator.',
			'',
		];
		process.stdout.write(`${lines.join('\n')}\n`);
	} catch (error) {
		process.stderr.write(`[dev] ${(error as Error).message}\n`);
		await shutdown(1);
	}
}

function tail(file: string, count: number): string {
	try {
		return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
	} catch {
		return '(no log)';
	}
}

if (require.main === module) {
	void main(process.argv.includes('--check')).catch((error: Error) => {
		process.stderr.write(`[dev] ${error.message}\n`);
		process.exit(1);
	});
}
