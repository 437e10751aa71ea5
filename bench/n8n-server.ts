/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- a local benchmark, never shipped */
/**
 * One real n8n (`n8n start`, regular mode, SQLite) for `expert.bench.ts`: the packed package
 * installed as a community package, credentials and webhook workflows imported and published,
 * the owner account set up for the editor's REST API. `runWebhook` posts a body to a production
 * webhook, waits for the answer (the webhook answers when the last node is done), then reads the
 * execution n8n saved: its status, each node's execution time and output items, and the CPU the
 * n8n process and its task runner spent meanwhile. Everything runs on 127.0.0.1; `stop()` ends the
 * processes it started (with their children) and removes its folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { CACHE_DIR, ensureN8n, n8nEnv } from '../scripts/n8n';
import { installPackage, packPackage } from '../scripts/package';
import { freePort, ownerSession } from '../test/e2e/runner';
import { killHard, logHas, until, usage, wait } from './queue-stack';

const ENCRYPTION_KEY = 'bench-expert-encryption-key-not-secret';

/**
 * Reads n8n's saved execution data, which is written in the `flatted` format: a JSON array whose
 * first entry is the root; inside objects and arrays a string is the index of the entry holding
 * the value (entries that are strings are the strings themselves).
 */
export function unflatten(text: string): unknown {
	const input = JSON.parse(text, (_key, value: unknown) =>
		typeof value === 'string' ? new String(value) : value,
	) as unknown[];
	const done = new Map<number, unknown>();
	const entry = (index: number): unknown => {
		const value = input[index];
		if (value instanceof String) return String(value);
		if (typeof value !== 'object' || value === null) return value;
		if (done.has(index)) return done.get(index);
		const copy: Record<string, unknown> = Array.isArray(value) ? ([] as never) : {};
		done.set(index, copy);
		for (const [key, inner] of Object.entries(value)) {
			copy[key] = inner instanceof String ? entry(Number(inner)) : inner;
		}
		return copy;
	};
	return entry(0);
}

export interface NodeRun {
	/** The node's own execution time as n8n recorded it (ms). */
	ms: number;
	/** Items on its first output. */
	items: number;
}

export interface WebhookRun {
	status: string;
	error?: string;
	nodes: Record<string, NodeRun>;
	/** CPU seconds of the n8n process and its task runner during the run (whole workflow). */
	cpuS: number;
	/** From the request to the webhook's answer (ms). */
	roundTripMs: number;
}

export interface N8nServer {
	runWebhook(workflowId: string, hook: string, body: unknown): Promise<WebhookRun>;
	stop(): Promise<void>;
}

export async function startN8nServer(options: {
	credentials: object[];
	workflows: Array<{ id: string }>;
	/** The workflows' production webhook paths (waited for after the start). */
	hooks: string[];
}): Promise<N8nServer> {
	const install = await ensureN8n();
	const work = fs.mkdtempSync(path.join(CACHE_DIR, 'bench-expert-'));
	const children: ChildProcess[] = [];
	const stop = async () => {
		for (const child of children) if (child.exitCode === null) killHard(child);
		await wait(500);
		if (process.env.BENCH_KEEP !== '1') fs.rmSync(work, { recursive: true, force: true });
	};
	try {
		const userFolder = path.join(work, 'n8n');
		fs.mkdirSync(userFolder);
		await installPackage(userFolder, await packPackage());
		const httpPort = await freePort();
		const env = n8nEnv(install, userFolder, {
			N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
			N8N_PORT: String(httpPort),
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			N8N_LOG_LEVEL: 'info',
			N8N_PAYLOAD_SIZE_MAX: '64',
		});
		const n8n = (args: string[], log: string) => {
			const out = fs.openSync(log, 'a');
			const child = spawn(install.nodeBin, [install.n8nBin, ...args], {
				env,
				cwd: userFolder,
				stdio: ['ignore', out, out],
			});
			fs.closeSync(out);
			children.push(child);
			return child;
		};
		const once = async (args: string[]) => {
			const log = path.join(work, `${args[0].replace(':', '-')}.log`);
			const child = n8n(args, log);
			const code = await Promise.race([
				new Promise<number | null>((resolve) => child.on('exit', resolve)),
				wait(300_000).then(() => 'timed out'),
			]);
			if (code !== 0) {
				throw new Error(
					`n8n ${args.join(' ')} failed (${code}):\n${fs.readFileSync(log, 'utf8').slice(-2000)}`,
				);
			}
		};
		const file = (name: string, content: unknown) => {
			const target = path.join(work, name);
			fs.writeFileSync(target, JSON.stringify(content));
			return target;
		};
		await once(['import:credentials', `--input=${file('credentials.json', options.credentials)}`]);
		await once(['import:workflow', `--input=${file('workflows.json', options.workflows)}`]);
		for (const workflow of options.workflows) {
			await once(['publish:workflow', `--id=${workflow.id}`]);
		}
		const log = path.join(work, 'main.log');
		const main = n8n(['start'], log);
		await until('n8n', () => logHas(log, 'Editor is now accessible'), 300_000);
		const serverUrl = `http://127.0.0.1:${httpPort}`;
		// Published workflows are activated after the editor is up: wait until each webhook is
		// registered (a GET to a POST webhook is then refused naming the method to use).
		for (const hook of options.hooks) {
			await until(
				`the webhook ${hook}`,
				async () => {
					const answer = await fetch(`${serverUrl}/webhook/${hook}`);
					return (await answer.text()).includes('Did you mean');
				},
				300_000,
			);
		}
		const headers = await ownerSession(serverUrl);
		const rest = async (route: string) => {
			// n8n answers 503 for a moment while it saves a large execution: ask again (bounded).
			for (let attempt = 1; ; attempt++) {
				const answer = await fetch(`${serverUrl}/rest${route}`, { headers });
				if (answer.ok) return ((await answer.json()) as { data: unknown }).data;
				if (answer.status !== 503 || attempt === 60) {
					throw new Error(`GET /rest${route}: HTTP ${answer.status}`);
				}
				await answer.arrayBuffer();
				await wait(1000);
			}
		};
		const latestExecution = async (workflowId: string) => {
			const filter = encodeURIComponent(JSON.stringify({ workflowId }));
			const list = (await rest(`/executions?filter=${filter}&limit=1`)) as {
				results: Array<{ id: string }>;
			};
			return list.results[0]?.id;
		};

		return {
			async runWebhook(workflowId, hook, body) {
				const before = await latestExecution(workflowId);
				const cpu = usage(main.pid!).cpuS;
				const started = Date.now();
				const answer = await fetch(`${serverUrl}/webhook/${hook}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(body),
				});
				await answer.arrayBuffer();
				const roundTripMs = Date.now() - started;
				const cpuS = usage(main.pid!).cpuS - cpu;
				// n8n saves the execution as it answers: wait (bounded) until it is listed and finished.
				let execution: { status: string; data: string } | undefined;
				for (let attempt = 0; attempt < 120 && !execution; attempt++) {
					const id = await latestExecution(workflowId);
					if (id && id !== before) {
						const found = (await rest(`/executions/${id}`)) as { status: string; data: string };
						if (found.status !== 'running' && found.status !== 'new') execution = found;
					}
					if (!execution) await wait(250);
				}
				if (!execution) throw new Error(`${hook}: no finished execution was saved`);
				const data = unflatten(execution.data) as {
					resultData: {
						error?: { message?: string };
						runData: Record<
							string,
							Array<{ executionTime: number; data?: { main?: Array<unknown[] | null> } }>
						>;
					};
				};
				const nodes: Record<string, NodeRun> = {};
				for (const [name, runs] of Object.entries(data.resultData.runData)) {
					nodes[name] = {
						ms: runs.reduce((sum, run) => sum + run.executionTime, 0),
						items: runs[0]?.data?.main?.[0]?.length ?? 0,
					};
				}
				return {
					status: execution.status,
					error: data.resultData.error?.message,
					nodes,
					cpuS,
					roundTripMs,
				};
			},
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}
