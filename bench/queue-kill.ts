/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a local benchmark, never shipped */
/**
 * `npm run bench:queue-kill`: a queue-mode worker is killed (SIGKILL, with its task runner) in the
 * middle of a run, and the user re-runs it. Same stack as `bench:queue` (`queue-stack.ts`): private
 * PostgreSQL and Redis, one n8n main, two workers, the simulator with 300 ms per call, n8n saving
 * execution progress (`EXECUTIONS_DATA_SAVE_ON_PROGRESS=true`).
 *
 * The workflow takes `BENCH_KILL_LEADS` leads (3,000) through a production webhook, splits them into
 * one item each, and loops over them 100 at a time (Loop Over Items): Lead → Create or Update, List
 * → Add Leads (safe to repeat), Campaign → Trigger (not safe to repeat), each with On Error:
 * Continue, so every item has an outcome. The simulator runs the 15th campaign request and holds its
 * answer; while it is held the worker running the execution is killed. The script then waits for
 * n8n to give up on the execution, shows what n8n recorded, logs in as the owner and retries the
 * execution the way the editor's "Retry with currently saved workflow" does
 * (`POST /rest/executions/:id/retry` with `loadWorkflow: true`). Finally it counts in the simulator:
 * leads per e-mail, list members, requests per lead, and prints the table. Exits non-zero if a lead
 * is lost or written twice.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';

import { LEAD_UPSERT_BY_EMAIL } from '../test/harness/marketing';
import {
	killHard,
	logHas,
	readExecution,
	runBench,
	say,
	startQueueStack,
	until,
	webhookWorkflow,
} from './queue-stack';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 300);
const LEADS = Number(process.env.BENCH_KILL_LEADS ?? 3000);
/** Leads per loop round: one campaign request (the service takes at most 100 leads per call). */
const LOOP_BATCH = 100;
/** The campaign request whose answer is held while the worker is killed (the 15th of 30). */
const HELD_REQUEST = Math.max(1, Math.ceil(LEADS / LOOP_BATCH / 2));
const CAMPAIGN_ID = 2001;
const LIST_ID = 1003;
/** The two lists the recommended workflow keeps per campaign (created in the simulator up front). */
const REQUESTING_LIST_ID = 1101;
const REQUESTED_LIST_ID = 1102;
const EMAIL_PREFIX = 'kill-';
/** The owner the script sets up and logs in as; its password is made up for each run. */
const OWNER = {
	email: 'owner@example.org',
	firstName: 'Bench',
	lastName: 'Owner',
	password: `Aa1-${randomBytes(12).toString('hex')}`,
};

const credentials = {
	marketingAutomationApi: { id: 'benchKillCred0001', name: 'Bench marketing' },
};
const node = (name: string, type: string, parameters: object, x: number, extra: object = {}) => ({
	id: `benchKill-${name.replace(/\W/g, '')}`,
	name,
	type,
	typeVersion: 1,
	position: [x, 0],
	parameters,
	...extra,
});
const marketing = (name: string, parameters: object, x: number, extra: object = {}) =>
	node(name, 'n8n-nodes-agent-platform.marketingAutomation', parameters, x, {
		credentials,
		// Every item gets an outcome: a failed item goes on with its error instead of stopping the run.
		onError: 'continueRegularOutput',
		...extra,
	});
const addToList = (name: string, listId: number, leadIds: string, x: number) =>
	marketing(
		name,
		{
			resource: 'list',
			operation: 'addLeads',
			list: { __rl: true, mode: 'id', value: String(listId) },
			leadIds,
		},
		x,
	);
const members = (name: string, listId: number, x: number) =>
	marketing(
		name,
		{
			resource: 'list',
			operation: 'getMembers',
			list: { __rl: true, mode: 'id', value: String(listId) },
			returnAll: true,
			options: {},
		},
		x,
		// Read once per run, and go on (with one empty item) when the list is still empty.
		{ executeOnce: true, alwaysOutputData: true },
	);

/**
 * The recommended workflow (README, "A worker killed mid-run"): upsert and add to the list (both
 * safe to repeat), then request the campaign only for leads not in the campaign's "requesting"
 * list. In rounds of 100: add the round's leads to "requesting", request, add them to "requested".
 * A run that re-sends every lead after a crash requests each lead at most once; leads in
 * "requesting" but not "requested" are the ones whose request was in flight: checked by hand.
 */
function leadCampaignWorkflow() {
	const line = webhookWorkflow(
		'benchKillCampaign',
		'Queue kill bench: upsert, list, campaign once',
		'bench-kill',
		[
			{
				name: 'One Item Each',
				type: 'n8n-nodes-base.splitOut',
				parameters: { fieldToSplitOut: 'body.records', options: {} },
			},
			marketing('Upsert Leads', LEAD_UPSERT_BY_EMAIL, 0),
			addToList('Add To List', LIST_ID, '={{ $json.id }}', 0),
			members('Requesting Members', REQUESTING_LIST_ID, 0),
			members('Requested Members', REQUESTED_LIST_ID, 0),
			node(
				'Not Yet Requested',
				'n8n-nodes-base.code',
				{
					mode: 'runOnceForAllItems',
					language: 'javaScript',
					jsCode: [
						"const claimed = new Set($('Requesting Members').all().map((item) => item.json.id));",
						"return $('Upsert Leads').all()",
						'  .filter((item) => item.json.id !== undefined && !claimed.has(item.json.id))',
						'  .map((item) => ({ json: { id: item.json.id, email: item.json.email } }));',
					].join('\n'),
				},
				0,
				{ typeVersion: 2 },
			),
			{
				name: 'Loop Over Items',
				type: 'n8n-nodes-base.splitInBatches',
				typeVersion: 3,
				parameters: { batchSize: LOOP_BATCH, options: {} },
			},
		],
		{ responseMode: 'onReceived' },
	);
	const loopLead = "={{ $('Loop Over Items').item.json.id }}";
	line.nodes.push(
		addToList('Claim', REQUESTING_LIST_ID, '={{ $json.id }}', 1800),
		marketing(
			'Request Campaign',
			{
				resource: 'campaign',
				operation: 'trigger',
				campaign: { __rl: true, mode: 'id', value: String(CAMPAIGN_ID) },
				leadIds: loopLead,
				tokens: {},
			},
			2000,
		),
		addToList('Mark Requested', REQUESTED_LIST_ID, loopLead, 2200),
	);
	const to = (target: string) => [{ node: target, type: 'main', index: 0 }];
	Object.assign(line.connections, {
		// Loop Over Items: output 0 is "done", output 1 the next round.
		'Loop Over Items': { main: [[], to('Claim')] },
		Claim: { main: [to('Request Campaign')] },
		'Request Campaign': { main: [to('Mark Requested')] },
		'Mark Requested': { main: [to('Loop Over Items')] },
	});
	line.nodes.forEach((n, i) => (n.position = [200 * i, 0]));
	return line;
}

interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
	retryOf?: string;
	lastNodeExecuted?: string;
	error?: string;
	/** Per node: how many runs n8n stored. */
	runs: Record<string, number>;
	/** Campaign requests n8n stored as successful (items with `triggered: true`). */
	leadsTriggeredPerN8n: number;
	/** Nodes waiting to run (what a retry starts from). */
	stack: string[];
}

async function main() {
	const workflow = leadCampaignWorkflow();
	const stack = await startQueueStack({
		script: 'bench:queue-kill',
		latencyMs: LATENCY_MS,
		workers: 2,
		workerConcurrency: 5,
		credential: { ...credentials.marketingAutomationApi, callsPer20Seconds: 25, callsInFlight: 2 },
		workflows: [workflow],
		n8nSettings: { EXECUTIONS_DATA_SAVE_ON_PROGRESS: 'true' },
	});
	const { parse } = createRequire(stack.install.n8nBin)('flatted') as {
		parse: (text: string) => unknown;
	};
	const base = `http://127.0.0.1:${stack.httpPort}`;
	const browserId = 'bench-queue-kill-browser';
	let cookie = '';
	const rest = async <T>(method: string, route: string, body?: unknown, timeoutMs = 60_000) => {
		const answer = await fetch(`${base}/rest${route}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': browserId,
				...(cookie ? { cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(timeoutMs),
		});
		const auth = answer.headers.getSetCookie().find((c) => c.startsWith('n8n-auth='));
		if (auth) cookie = auth.split(';')[0];
		const text = await answer.text();
		if (!answer.ok)
			throw new Error(`${method} /rest${route}: HTTP ${answer.status} ${text.slice(0, 500)}`);
		const parsed = JSON.parse(text) as { data?: T };
		return (parsed.data ?? parsed) as T;
	};
	const triggers = async () => {
		const answer = await fetch(`${stack.simUrl}/__sim/marketing/triggers`, {
			signal: AbortSignal.timeout(30_000),
		});
		const body = (await answer.json()) as {
			campaigns: Record<string, { calls: number; leads: Record<string, number> }>;
		};
		return body.campaigns[CAMPAIGN_ID] ?? { calls: 0, leads: {} };
	};
	const summary = async (id: string): Promise<ExecutionSummary> => {
		const execution = await readExecution<{
			resultData: {
				runData?: Record<
					string,
					Array<{ data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> } }>
				>;
				lastNodeExecuted?: string;
				error?: { message?: string };
			};
			executionData?: { nodeExecutionStack?: Array<{ node: { name: string } }> };
		}>(rest, parse, id);
		const { data } = execution;
		const runData = data.resultData.runData ?? {};
		const runs = Object.fromEntries(
			Object.entries(runData).map(([node, list]) => [node, list.length]),
		);
		let leadsTriggeredPerN8n = 0;
		for (const run of runData['Request Campaign'] ?? []) {
			for (const item of run.data?.main?.[0] ?? [])
				if (item.json.triggered === true) leadsTriggeredPerN8n++;
		}
		return {
			id: execution.id,
			status: execution.status,
			mode: execution.mode,
			retryOf: execution.retryOf,
			lastNodeExecuted: data.resultData.lastNodeExecuted,
			error: data.resultData.error?.message,
			runs,
			leadsTriggeredPerN8n,
			stack: (data.executionData?.nodeExecutionStack ?? []).map((entry) => entry.node.name),
		};
	};
	const show = (title: string, s: ExecutionSummary) =>
		say(
			`${title}: execution ${s.id} (${s.mode}${s.retryOf ? `, retry of ${s.retryOf}` : ''}) status ${s.status}; ` +
				`last node ${s.lastNodeExecuted ?? '-'}; error ${s.error ? JSON.stringify(s.error) : '-'}; ` +
				`runs ${JSON.stringify(s.runs)}; leads n8n shows as requested ${s.leadsTriggeredPerN8n}; ` +
				`waiting to run ${JSON.stringify(s.stack)}`,
		);

	await rest('POST', '/owner/setup', OWNER);
	await stack.ask({
		type: 'add-lists',
		lists: [
			{ id: REQUESTING_LIST_ID, name: 'Welcome flow: requesting' },
			{ id: REQUESTED_LIST_ID, name: 'Welcome flow: requested' },
		],
	});

	say(
		`Queue mode: 1 main + 2 workers, PostgreSQL, Redis, progress saved; ${LATENCY_MS} ms per call; ` +
			`${LEADS} leads, ${LOOP_BATCH} per loop round; the answer to campaign request ${HELD_REQUEST} is held and its worker killed`,
	);
	stack.tellSimulator({ type: 'hold-trigger', after: HELD_REQUEST - 1, holdMs: 30_000 });
	const records = Array.from({ length: LEADS }, (_, i) => ({
		email: `${EMAIL_PREFIX}${i}@example.org`,
		firstName: 'Kill',
		lastName: `N${i}`,
	}));
	const enqueued = () =>
		[...fs.readFileSync(stack.mainLog, 'utf8').matchAll(/Enqueued execution (\d+)/g)].map(
			(m) => m[1],
		);
	/** Sends every lead to the production webhook; the id of the execution n8n enqueued. */
	const sendLeads = async () => {
		const known = new Set(enqueued());
		const hook = await fetch(`${base}/webhook/bench-kill`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ records }),
			signal: AbortSignal.timeout(60_000),
		});
		if (!hook.ok) throw new Error(`webhook: HTTP ${hook.status} ${await hook.text()}`);
		let id: string | undefined;
		await until('n8n to enqueue the run', () => {
			id = enqueued().find((e) => !known.has(e));
			return id !== undefined;
		});
		return id!;
	};
	const finished = async (id: string, what: string) => {
		let result = await summary(id);
		await until(
			what,
			async () => !['new', 'running'].includes((result = await summary(id)).status),
			900_000,
		);
		return result;
	};

	const started = Date.now();
	const executionId = await sendLeads();
	await until(
		'the held campaign request',
		async () => (await triggers()).calls >= HELD_REQUEST,
		600_000,
	);
	const victim = stack.workerLogs.findIndex((log) =>
		logHas(log, `Worker started execution ${executionId} `),
	);
	if (victim < 0) throw new Error(`No worker says it started execution ${executionId}`);
	const beforeKill = await summary(executionId);
	killHard(stack.workers[victim]);
	const killedAtS = (Date.now() - started) / 1000;
	const atKill = await triggers();
	say(
		`Killed worker ${victim + 1} (execution ${executionId}) at ${killedAtS.toFixed(1)} s, ` +
			`after ${atKill.calls} campaign requests (the last one ran in the service, its answer never arrived)`,
	);
	show('Progress n8n had saved just before the kill', beforeKill);

	// n8n notices when the job's lock expires (60 s) and the next stalled-job check runs (30 s).
	const killedAt = Date.now();
	const crashed = await finished(executionId, 'n8n to give up on the killed execution');
	const noticedS = (Date.now() - killedAt) / 1000;
	say(`n8n marked it ${crashed.status} ${noticedS.toFixed(0)} s after the kill`);
	show('What n8n recorded', crashed);

	// The editor's "Retry with currently saved workflow".
	const retried = await rest<{ id: string }>(
		'POST',
		`/executions/${executionId}/retry`,
		{ loadWorkflow: true },
		900_000,
	);
	const retry = await finished(retried.id, 'the retry');
	show('n8n retry', retry);
	const afterRetry = await triggers();

	// What is left to the user: send every lead again; the workflow requests only unclaimed leads.
	const rerunStarted = Date.now();
	const rerun = await finished(await sendLeads(), 'the re-run');
	const rerunS = (Date.now() - rerunStarted) / 1000;
	show('Re-run with every lead', rerun);

	const audit = await stack.ask<{
		missing: number;
		storedTwice: number;
		leadIds: number[];
		members: Record<string, number[]>;
	}>({
		type: 'audit',
		emailPrefix: EMAIL_PREFIX,
		count: LEADS,
		listIds: [LIST_ID, REQUESTING_LIST_ID, REQUESTED_LIST_ID],
	});
	const after = await triggers();
	const counts = audit.leadIds.map((id) => after.leads[id] ?? 0);
	const neverRequested = audit.missing + counts.filter((c) => c === 0).length;
	const requestedTwice = counts.filter((c) => c > 1).length;
	const requested = new Set(audit.members[REQUESTED_LIST_ID]);
	const toCheck = audit.members[REQUESTING_LIST_ID].filter((id) => !requested.has(id));
	const toCheckRan = toCheck.filter((id) => (after.leads[id] ?? 0) > 0).length;
	const inList = audit.members[LIST_ID].length;
	const rows: Array<[string, string, boolean]> = [
		['Leads sent (twice: the killed run and the re-run)', String(LEADS), true],
		['Campaign requests before the kill (the last one in flight)', String(atKill.calls), true],
		[
			'n8n noticed the dead worker after',
			`${noticedS.toFixed(0)} s (status ${crashed.status})`,
			true,
		],
		[
			'Saved progress just before the kill / after n8n gave up',
			`${Object.keys(beforeKill.runs).length} nodes, ${beforeKill.leadsTriggeredPerN8n} leads requested / ${Object.keys(crashed.runs).length} nodes`,
			true,
		],
		[
			'n8n retry (Retry with currently saved workflow)',
			`status ${retry.status}, ${afterRetry.calls - atKill.calls} calls, ${Object.keys(retry.runs).length} nodes run`,
			true,
		],
		[
			'Re-run with every lead',
			`${rerun.status} in ${rerunS.toFixed(1)} s`,
			rerun.status === 'success',
		],
		['Leads lost (e-mail without a lead)', String(audit.missing), audit.missing === 0],
		['Leads stored twice', String(audit.storedTwice), audit.storedTwice === 0],
		['Leads in the list', `${inList} of ${LEADS}`, inList === LEADS],
		['Campaign requests (minimum)', `${after.calls} (${Math.ceil(LEADS / LOOP_BATCH)})`, true],
		['Leads requested twice', String(requestedTwice), requestedTwice === 0],
		[
			'Leads never requested',
			String(neverRequested),
			neverRequested === toCheck.length - toCheckRan,
		],
		[
			'Leads to check by hand (claimed, request unanswered)',
			`${toCheck.length} (the service had run ${toCheckRan} of them)`,
			toCheck.length <= LOOP_BATCH,
		],
	];
	say('| Figure | Value |');
	say('| --- | --- |');
	for (const [figure, value, ok] of rows) say(`| ${figure} | ${value}${ok ? '' : ' (FAILED)'} |`);
	if (rows.some(([, , ok]) => !ok)) throw new Error('A check failed: see the table');
}

runBench(main);
