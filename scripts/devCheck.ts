/* eslint-disable @n8n/community-nodes/no-restricted-globals -- local development tool, never shipped */
/**
 * `npm run dev -- --check`: once `scripts/dev.ts` has n8n up with the demos, does what a user
 * does in the editor, through the editor's own REST API, logged in as the demo owner:
 *
 * - a demo whose start node is a manual trigger is executed (`POST /rest/workflows/<id>/run`, the
 *   editor's "Execute workflow") and must end with status `success`;
 * - a demo that starts with any other trigger (polling, webhook) is activated
 *   (`POST /rest/workflows/<id>/activate`, the editor's "Publish"): n8n runs the trigger's
 *   activation (a first poll, a webhook subscription) and must accept it.
 *
 * Each demo has its own time limit; the outcome of every demo is printed as one line.
 */
import { fetchFresh } from './fetchFresh';

/** n8n's own reader of the saved execution data (the `flatted` format). */
type Unflatten = (text: string) => unknown;

export interface DemoWorkflow {
	file: string;
	id: string;
	name: string;
	json: unknown;
}

export interface DemoOutcome {
	demo: DemoWorkflow;
	/** `run` for a manual trigger, `activate` for any other trigger. */
	how: 'run' | 'activate';
	ok: boolean;
	/** What happened: the execution's status and nodes, or why it failed. */
	detail: string;
	ms: number;
}

interface WorkflowNode {
	name: string;
	type: string;
}

const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';
const NOT_RUN = new Set(['n8n-nodes-base.stickyNote']);
/** The bulk demo waits for the service's jobs (about a minute, several on a loaded machine). */
const PER_DEMO_MS = 300_000;

/** The nodes nothing leads into (sticky notes aside): where the workflow starts. */
export function startNodes(json: unknown): WorkflowNode[] {
	const workflow = json as {
		nodes?: WorkflowNode[];
		connections?: Record<string, Record<string, Array<Array<{ node?: string } | null>>>>;
	};
	const targets = new Set<string>();
	for (const outputs of Object.values(workflow.connections ?? {})) {
		for (const branches of Object.values(outputs)) {
			for (const branch of branches) for (const link of branch ?? []) targets.add(link?.node ?? '');
		}
	}
	return (workflow.nodes ?? []).filter(
		(node) => !NOT_RUN.has(node.type) && !targets.has(node.name),
	);
}

/** A session of the editor's REST API at `baseUrl`, logged in as `login`. */
async function logIn(baseUrl: string, login: { email: string; password: string }) {
	const base = { 'content-type': 'application/json', 'browser-id': 'dev-check' };
	const answer = await fetchFresh(`${baseUrl}/rest/login`, {
		method: 'POST',
		headers: base,
		body: JSON.stringify({ emailOrLdapLoginId: login.email, password: login.password }),
	});
	if (answer.status !== 200) {
		throw new Error(
			`n8n refused the demo owner's login (${answer.status}): ${await answer.text()}`,
		);
	}
	const headers = { ...base, cookie: (answer.headers.get('set-cookie') ?? '').split(';')[0] };
	return async (method: 'GET' | 'POST', path: string, body?: unknown) => {
		const reply = await fetchFresh(`${baseUrl}/rest${path}`, {
			method,
			headers,
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await reply.text();
		let json: { data?: Record<string, unknown>; message?: string } = {};
		try {
			json = JSON.parse(text) as typeof json;
		} catch {
			// not JSON: reported below with the text
		}
		if (reply.status !== 200) {
			throw new Error(`${method} /rest${path} answered ${reply.status}: ${json.message ?? text}`);
		}
		return json.data ?? {};
	};
}

type Rest = Awaited<ReturnType<typeof logIn>>;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface ExecutionData {
	resultData?: {
		runData?: Record<string, Array<{ error?: { message?: string } }>>;
		error?: { message?: string; node?: { name?: string } };
	};
}

/** Executes a manual-trigger demo as the editor's "Execute workflow" and waits for its end. */
async function runManually(
	rest: Rest,
	unflatten: Unflatten,
	demo: DemoWorkflow,
	trigger: string,
): Promise<string> {
	const started = await rest('POST', `/workflows/${demo.id}/run`, {
		triggerToStartFrom: { name: trigger },
	});
	const executionId = started.executionId;
	if (typeof executionId !== 'string') {
		throw new Error(`n8n started no execution (${JSON.stringify(started)})`);
	}
	const deadline = Date.now() + PER_DEMO_MS;
	for (;;) {
		const execution = await rest('GET', `/executions/${executionId}`);
		const status = String(execution.status);
		if (!['new', 'running', 'waiting'].includes(status)) {
			const data = (
				typeof execution.data === 'string' ? unflatten(execution.data) : execution.data
			) as ExecutionData | undefined;
			const runData = data?.resultData?.runData ?? {};
			const failed = Object.entries(runData)
				.filter(([, runs]) => runs.some((run) => run.error))
				.map(([node, runs]) => `${node}: ${runs.find((run) => run.error)?.error?.message}`);
			const error = data?.resultData?.error;
			if (status !== 'success' || failed.length > 0 || error) {
				throw new Error(
					`execution ${executionId} ended "${status}"` +
						(error ? `: ${error.node?.name ?? 'workflow'}: ${error.message}` : '') +
						(failed.length > 0 ? ` (${failed.join('; ')})` : ''),
				);
			}
			return `execution ${executionId} success, ${Object.keys(runData).length} nodes ran`;
		}
		if (Date.now() > deadline) {
			throw new Error(`execution ${executionId} still "${status}" after ${PER_DEMO_MS / 1000} s`);
		}
		await pause(500);
	}
}

/** Activates a trigger demo as the editor's "Publish" does; n8n answers once activation ran. */
async function activate(rest: Rest, demo: DemoWorkflow): Promise<string> {
	const workflow = await rest('GET', `/workflows/${demo.id}`);
	const activated = await rest('POST', `/workflows/${demo.id}/activate`, {
		versionId: workflow.versionId,
	});
	if (!activated.activeVersionId && activated.active !== true) {
		throw new Error(`n8n did not activate it (${JSON.stringify(activated).slice(0, 300)})`);
	}
	return 'activated';
}

const withLimit = async <T>(work: Promise<T>, ms: number, what: string): Promise<T> => {
	let timer: NodeJS.Timeout | undefined;
	const limit = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
	});
	try {
		return await Promise.race([work, limit]);
	} finally {
		clearTimeout(timer);
	}
};

/** Runs or activates every demo, one after the other, and returns each one's outcome. */
export async function checkDemos(options: {
	unflatten: Unflatten;
	editorUrl: string;
	login: { email: string; password: string };
	demos: DemoWorkflow[];
}): Promise<DemoOutcome[]> {
	const rest = await logIn(options.editorUrl, options.login);
	const outcomes: DemoOutcome[] = [];
	for (const demo of options.demos) {
		const starts = startNodes(demo.json);
		const manual = starts.find((node) => node.type === MANUAL_TRIGGER);
		const how = manual ? 'run' : 'activate';
		const started = Date.now();
		try {
			const work = manual
				? runManually(rest, options.unflatten, demo, manual.name)
				: activate(rest, demo);
			const detail = await withLimit(work, PER_DEMO_MS, `${how} ${demo.id}`);
			outcomes.push({ demo, how, ok: true, detail, ms: Date.now() - started });
		} catch (error) {
			const detail = (error as Error).message;
			outcomes.push({ demo, how, ok: false, detail, ms: Date.now() - started });
		}
	}
	return outcomes;
}

/** The summary `npm run dev -- --check` prints: one line per demo, then the count. */
export function summary(outcomes: DemoOutcome[]): string {
	const lines = outcomes.map(
		(o) =>
			`  ${o.ok ? 'ok  ' : 'FAIL'}  ${o.how.padEnd(8)}  ${o.demo.file.padEnd(32)}  ` +
			`${(o.ms / 1000).toFixed(1)} s  ${o.detail}`,
	);
	const failed = outcomes.filter((o) => !o.ok).length;
	lines.push(
		failed === 0
			? `  all ${outcomes.length} demos green`
			: `  ${failed} of ${outcomes.length} demos failed`,
	);
	return lines.join('\n');
}
