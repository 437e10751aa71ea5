/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a local benchmark, never shipped */
/**
 * `npm run bench:queue-flow-step`: the flow step (Marketing Automation Flow Step Trigger → enrich →
 * Return Results) in a real n8n in queue mode, and a worker killed before the callback. Same stack
 * as `bench:queue-kill` (`queue-stack.ts`): private PostgreSQL and Redis, one n8n main, two
 * workers, the simulator in its own process; the workflow is the demo
 * (`examples/marketing-flow-step-demo.json`: Enrich Contact and Find Company on the global
 * enrichment service, then Return Results).
 *
 * The simulated marketing service (`test/simulator/flowStep.ts`, strict as the provider
 * interface) installs the flow step from its install document's URL and plays three rounds, then
 * audits:
 * 1. **healthy**: it invokes the flow step with `BENCH_FLOW_LEADS` leads (100). Shown: the time to
 *    the 201, the main instance enqueued the execution and a worker ran it, and one callback with
 *    every lead's result arrived.
 * 2. **worker killed**: another batch; the simulator holds the answer to the execution's first
 *    enrichment request, and meanwhile the worker running it is killed (`SIGKILL`, with its task
 *    runner). Shown: what n8n records once it notices (status, what is left of the run), that the
 *    other worker does not take the job over, and that the service got no callback: the
 *    invocation stays acknowledged and open, which is all the published interface says (it
 *    documents no callback timeout, no re-invocation and no failure of the leads; the stand-in
 *    does none of them). Then the operator's two moves: n8n's Retry of the failed execution
 *    (`POST /rest/executions/:id/retry`, as the editor's "Retry with currently saved workflow"),
 *    and, as the docs advise, the campaign run again for the leads without a result: a new
 *    invocation with a new one-time token.
 * 3. **main killed as it acknowledges**: a third batch; the simulator kills the main instance (with
 *    its task runner) the moment the 201 is in. The trigger leaves the 201 to n8n, which answers
 *    once the run is recorded and queued, so the worker still runs the batch and calls back.
 * The audit: per lead, the results the service accepted over every callback.
 *
 * Exits non-zero if a lead of a batch ends with no result and is not reported, or with two
 * results, or if a callback was refused. Everything it starts is stopped at the end.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';

import demo from '../examples/marketing-flow-step-demo.json';
import { demoCredential, ownerSession } from '../test/e2e/runner';
import { DEMO_FLOW_STEP_LEADS, type Lead } from '../test/simulator/flowStep';
import {
	killHard,
	logHas,
	pidsOf,
	readExecution,
	runBench,
	say,
	startQueueStack,
	until,
	wait,
} from './queue-stack';

const LEADS = Number(process.env.BENCH_FLOW_LEADS ?? 100);
/** How long the simulator holds the enrichment answer of the killed round (longer than the round). */
const HOLD_MS = 300_000;
const TRIGGER = 'Smart Campaign Calls';
/** The key the service presents to the flow step; made up for each run. */
const KEY = `flow-step-bench-${randomBytes(12).toString('hex')}`;

interface FlowState {
	invocations: Array<{
		run: string;
		leadIds: number[];
		statuses: number[];
		callbacks: Array<{ at: number; leadIds: Array<number | undefined>; succeeded: number }>;
	}>;
	refused: Array<{ run: string; status: number; why: string }>;
	enrichmentHeldAt: number;
}

interface Invoked {
	run: string;
	statuses: number[];
	answeredMs: number;
	sentAt: number;
	error?: string;
}

interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
	retryOf?: string;
	error?: string;
	/** Per node: the items of its last run. */
	items: Record<string, number>;
}

/** Leads of one batch: the demo's three known contacts first, the others unknown to the service. */
function batch(firstId: number): Lead[] {
	return Array.from({ length: LEADS }, (_, n) =>
		n < 3
			? { id: firstId + n, email: DEMO_FLOW_STEP_LEADS[n].email }
			: { id: firstId + n, email: `lead${firstId + n}@unknown.example.org` },
	);
}

async function main() {
	const workflow = structuredClone(demo);
	const stack = await startQueueStack({
		script: 'bench:queue-flow-step',
		latencyMs: 50,
		workers: 2,
		workerConcurrency: 5,
		credential: {
			id: 'benchFlowMkto001',
			name: 'Bench marketing',
			callsPer20Seconds: 25,
			callsInFlight: 2,
		},
		workflows: [workflow],
		moreCredentials: (simUrl) => [
			{
				id: 'demoFlowStepCr01',
				name: 'Marketing flow step (simulator)',
				type: 'marketingAutomationFlowStepApi',
				data: { authentication: 'apiKey', apiKey: KEY },
			},
			demoCredential('globalEnrichmentApi', simUrl),
		],
	});
	const { parse } = createRequire(stack.install.n8nBin)('flatted') as {
		parse: (text: string) => unknown;
	};
	const base = `http://127.0.0.1:${stack.httpPort}`;
	const webhookId = (demo.nodes.find((n) => n.name === TRIGGER) as { webhookId: string }).webhookId;
	const provider = `${base}/webhook/${webhookId}`;
	const session = await ownerSession(base);
	const rest = async <T>(method: string, route: string, body?: unknown, timeoutMs = 60_000) => {
		const answer = await fetch(`${base}/rest${route}`, {
			method,
			headers: session,
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(timeoutMs),
		});
		const text = await answer.text();
		if (!answer.ok)
			throw new Error(`${method} /rest${route}: HTTP ${answer.status} ${text.slice(0, 500)}`);
		const parsed = JSON.parse(text) as { data?: T };
		return (parsed.data ?? parsed) as T;
	};
	const summary = async (id: string): Promise<ExecutionSummary> => {
		const execution = await readExecution<{
			resultData: {
				runData?: Record<string, Array<{ data?: { main?: Array<Array<unknown> | null> } }>>;
				error?: { message?: string };
			};
		}>(rest, parse, id);
		const { data } = execution;
		const runData = data.resultData.runData ?? {};
		return {
			id: execution.id,
			status: execution.status,
			mode: execution.mode,
			retryOf: execution.retryOf,
			error: data.resultData.error?.message,
			items: Object.fromEntries(
				Object.entries(runData).map(([node, runs]) => [
					node,
					runs.at(-1)?.data?.main?.[0]?.length ?? 0,
				]),
			),
		};
	};
	const show = (title: string, s: ExecutionSummary) =>
		say(
			`${title}: execution ${s.id} (${s.mode}${s.retryOf ? `, retry of ${s.retryOf}` : ''}) ` +
				`status ${s.status}; error ${s.error ? JSON.stringify(s.error) : '-'}; items per node ${JSON.stringify(s.items)}`,
		);
	const finished = async (id: string, what: string, timeoutMs = 300_000) => {
		let result = await summary(id);
		await until(
			what,
			async () => !['new', 'running'].includes((result = await summary(id)).status),
			timeoutMs,
		);
		return result;
	};
	const flowState = async () => await stack.ask<FlowState>('flow-state');
	const invocation = async (run: string) =>
		(await flowState()).invocations.find((i) => i.run === run)!;
	const enqueued = () =>
		[...fs.readFileSync(stack.mainLog, 'utf8').matchAll(/Enqueued execution (\d+)/g)].map(
			(m) => m[1],
		);
	/** The executions a worker's log says it started. */
	const startedIn = (log: string) =>
		fs.existsSync(log)
			? [...fs.readFileSync(log, 'utf8').matchAll(/Worker started execution (\d+) /g)].map(
					(m) => m[1],
				)
			: [];
	/** The workers (1-based) whose log says they started the execution. */
	const ranOn = (id: string) =>
		stack.workerLogs
			.map((log, i) => (logHas(log, `Worker started execution ${id} `) ? i + 1 : 0))
			.filter((i) => i > 0);
	/** One invocation of `leads`, and the id of the execution the main instance enqueued for it. */
	const invoke = async (leads: Lead[]) => {
		const known = new Set(enqueued());
		const invoked = await stack.ask<Invoked>({
			type: 'flow-invoke',
			base: provider,
			apiKey: KEY,
			leads,
		});
		if (invoked.error) throw new Error(`The invocation failed: ${invoked.error}`);
		let id: string | undefined;
		await until('n8n to enqueue the run', () => {
			id = enqueued().find((e) => !known.has(e));
			return id !== undefined;
		});
		return { ...invoked, executionId: id! };
	};

	// The service installs the flow step from its URL, as its admin page does.
	await until(
		'the flow step served',
		async () => {
			const answer = await fetch(`${provider}/openapi.json`, {
				signal: AbortSignal.timeout(10_000),
			});
			await answer.arrayBuffer();
			return answer.status === 200;
		},
		180_000,
	);
	const installed = await stack.ask<{ schemaVersion?: string; error?: string }>({
		type: 'flow-install',
		url: `${provider}/openapi.json`,
		apiKey: KEY,
	});
	if (installed.error) throw new Error(`Install failed: ${installed.error}`);
	say(
		`Queue mode: 1 main + 2 workers (5 executions each), PostgreSQL, Redis; the flow step installed ` +
			`from ${provider.replace(base, '')}/openapi.json (interface ${installed.schemaVersion}); ${LEADS} leads per batch`,
	);

	// 1. Healthy: acknowledged by main, run by a worker, one callback.
	const first = await invoke(batch(7000));
	await until(
		'the first callback',
		async () => (await invocation(first.run)).callbacks.length > 0,
		180_000,
	);
	const firstRun = await finished(first.executionId, 'the first execution');
	const firstDone = await invocation(first.run);
	const firstWorkers = ranOn(first.executionId);
	const firstCallbackS = (firstDone.callbacks[0].at - first.sentAt) / 1000;
	say(
		`Healthy batch: ${first.statuses.join(', ')} after ${first.answeredMs} ms; execution ${first.executionId} ` +
			`enqueued by main, run by worker ${firstWorkers.join(', ')}; ${firstDone.callbacks.length} callback ` +
			`with ${firstDone.callbacks[0].leadIds.length} results ${firstCallbackS.toFixed(1)} s after the invocation`,
	);
	show('What n8n recorded', firstRun);

	// 2. A worker dies before the callback: the first enrichment answer is held, its worker killed.
	stack.tellSimulator({ type: 'hold-enrichment', after: 0, holdMs: HOLD_MS });
	const second = await invoke(batch(8000));
	await until(
		'the held enrichment request',
		async () => (await flowState()).enrichmentHeldAt > 0,
		120_000,
	);
	await until('a worker to say it started the run', () => ranOn(second.executionId).length > 0);
	const victim = ranOn(second.executionId)[0];
	killHard(stack.workers[victim - 1]);
	const killedAt = Date.now();
	const killedAfterS = (killedAt - second.sentAt) / 1000;
	say(
		`Killed worker ${victim} (execution ${second.executionId}) ${killedAfterS.toFixed(1)} s after the ` +
			`invocation (answered ${second.statuses.join(', ')} after ${second.answeredMs} ms), while its enrichment request was held`,
	);
	const crashed = await finished(second.executionId, 'n8n to give up on the killed execution');
	const noticedS = (Date.now() - killedAt) / 1000;
	say(`n8n marked it ${crashed.status} ${noticedS.toFixed(0)} s after the kill`);
	show('What n8n recorded', crashed);
	const takenOver = ranOn(second.executionId).filter((w) => w !== victim);
	const afterCrash = await invocation(second.run);
	say(
		`The service: invocation ${second.statuses.join(', ')}, ${afterCrash.callbacks.length} callbacks ` +
			`${((Date.now() - second.sentAt) / 1000).toFixed(0)} s later; its ${afterCrash.leadIds.length} leads have no result`,
	);

	// The operator: n8n's Retry of the failed execution (as the editor's "Retry with currently saved workflow").
	const retried = await rest<{ id: string } | string | boolean>(
		'POST',
		`/executions/${second.executionId}/retry`,
		{ loadWorkflow: true },
		300_000,
	).then(
		(answer) => ({ answer }),
		(error: Error) => ({ refused: error.message }),
	);
	let retry: ExecutionSummary | undefined;
	if ('answer' in retried) {
		const id = typeof retried.answer === 'object' ? retried.answer.id : (enqueued().at(-1) ?? '');
		retry = await finished(String(id), 'the retry');
		show('n8n Retry', retry);
	} else {
		say(`n8n Retry refused: ${retried.refused}`);
	}
	// Give a late callback of the retry time to show.
	await wait(5000);
	const afterRetry = await invocation(second.run);
	say(`After the retry the service has ${afterRetry.callbacks.length} callbacks for the batch`);

	// The campaign run again for the leads without a result: a new invocation, a new token.
	let third: (Invoked & { executionId: string }) | undefined;
	let thirdRun: ExecutionSummary | undefined;
	const noResult = afterRetry.callbacks.length === 0 ? batch(8000) : [];
	if (noResult.length > 0) {
		third = await invoke(noResult);
		const run = third.run;
		await until(
			'the re-run callback',
			async () => (await invocation(run)).callbacks.length > 0,
			180_000,
		);
		thirdRun = await finished(third.executionId, 'the re-run');
		show('Campaign run again for those leads', thirdRun);
	}

	// 4. The main instance dies the moment it has acknowledged a batch: the 201 comes only once the
	// run is recorded and queued, so a worker runs it and the callback arrives all the same.
	const startedSoFar = new Set(stack.workerLogs.flatMap(startedIn));
	const fourth = await stack.ask<Invoked & { killedAfterMs?: number }>({
		type: 'flow-invoke',
		base: provider,
		apiKey: KEY,
		leads: batch(9000),
		killOnAnswer: pidsOf(stack.main),
	});
	if (fourth.error) throw new Error(`The invocation failed: ${fourth.error}`);
	say(
		`Main acknowledged a batch (${fourth.statuses.join(', ')} after ${fourth.answeredMs} ms) and was killed ` +
			`${fourth.killedAfterMs} ms later`,
	);
	await until(
		'the callback after main died',
		async () => (await invocation(fourth.run)).callbacks.length > 0,
		180_000,
	).catch((error: Error) => say(error.message));
	const fourthDone = await invocation(fourth.run);
	const fourthId = stack.workerLogs.flatMap(startedIn).find((id) => !startedSoFar.has(id));
	const fourthWorkers = fourthId ? ranOn(fourthId) : [];
	const fourthFinished =
		fourthId !== undefined &&
		stack.workerLogs.some((log) => logHas(log, `Worker finished execution ${fourthId} `));
	const fourthCallbackS = fourthDone.callbacks[0]
		? ((fourthDone.callbacks[0].at - fourth.sentAt) / 1000).toFixed(1)
		: '-';
	say(
		`With main dead: execution ${fourthId ?? '-'} run by worker ${fourthWorkers.join(', ') || '-'} ` +
			`(finished: ${fourthFinished ? 'yes' : 'no'}); ${fourthDone.callbacks.length} callback after ${fourthCallbackS} s`,
	);

	// The audit: per lead, the results the service accepted, over every callback.
	await wait(5000);
	const state = await flowState();
	const results = new Map<number, number>();
	for (const i of state.invocations)
		for (const c of i.callbacks)
			for (const id of c.leadIds) if (id !== undefined) results.set(id, (results.get(id) ?? 0) + 1);
	const leads = [...batch(7000), ...batch(8000), ...batch(9000)].map((lead) => lead.id);
	const once = leads.filter((id) => results.get(id) === 1).length;
	const twice = leads.filter((id) => (results.get(id) ?? 0) > 1).length;
	const open = state.invocations.filter((i) => i.callbacks.length === 0);
	const reported = new Set(open.flatMap((i) => i.leadIds));
	const lost = leads.filter((id) => !results.has(id) && !reported.has(id)).length;
	const none = leads.filter((id) => !results.has(id)).length;
	const manyCallbacks = state.invocations.filter((i) => i.callbacks.length > 1).length;
	const thirdDone = third ? state.invocations.find((i) => i.run === third.run) : undefined;
	const workersOk = firstWorkers.length === 1 && takenOver.length === 0;
	const rows: Array<[string, string, boolean]> = [
		[
			'Healthy batch: answered / callback after',
			`${first.statuses.join(', ')} in ${first.answeredMs} ms / ${firstCallbackS.toFixed(1)} s, ` +
				`${firstDone.callbacks.length} callback, ${firstDone.callbacks[0].leadIds.length} results ` +
				`(${firstDone.callbacks[0].succeeded} enriched)`,
			first.statuses.join() === '201' &&
				firstDone.callbacks.length === 1 &&
				firstDone.callbacks[0].leadIds.length === LEADS,
		],
		[
			'Healthy batch: ran on',
			`worker ${firstWorkers.join(', ')} (enqueued by main), ${firstRun.status}`,
			workersOk && firstRun.status === 'success',
		],
		[
			'Killed batch: answered / worker killed after',
			`${second.statuses.join(', ')} in ${second.answeredMs} ms / ${killedAfterS.toFixed(1)} s`,
			second.statuses.join() === '201',
		],
		[
			'n8n noticed the dead worker after',
			`${noticedS.toFixed(0)} s (status ${crashed.status}, nodes with data: ${Object.keys(crashed.items).length}; ` +
				`taken over by another worker: ${takenOver.length ? 'yes' : 'no'})`,
			crashed.status !== 'success',
		],
		[
			'What the campaign saw',
			`201, then no callback (${afterCrash.callbacks.length}); nothing else: the interface documents no callback timeout`,
			afterCrash.callbacks.length === 0,
		],
		[
			'n8n Retry',
			retry
				? `status ${retry.status}, ${afterRetry.callbacks.length - afterCrash.callbacks.length} callbacks`
				: `refused: ${'refused' in retried ? retried.refused.slice(0, 120) : ''}`,
			afterRetry.callbacks.length <= 1,
		],
		[
			'Campaign run again for the leads without a result',
			third && thirdDone && thirdRun
				? `${third.statuses.join(', ')} in ${third.answeredMs} ms, ${thirdDone.callbacks.length} callback ` +
					`with ${thirdDone.callbacks[0]?.leadIds.length ?? 0} results, ${thirdRun.status}`
				: 'not needed (the retry returned them)',
			!third || (thirdDone?.callbacks.length === 1 && thirdRun?.status === 'success'),
		],
		[
			'Main killed as it acknowledged a batch: answered / killed after',
			`${fourth.statuses.join(', ')} in ${fourth.answeredMs} ms / ${fourth.killedAfterMs} ms more`,
			fourth.statuses.join() === '201',
		],
		[
			'With main dead: the run / the callback',
			`execution ${fourthId ?? '-'} on worker ${fourthWorkers.join(', ') || '-'}, ${fourthFinished ? 'finished' : 'not finished'} / ` +
				`${fourthDone.callbacks.length} callback with ${fourthDone.callbacks[0]?.leadIds.length ?? 0} results after ${fourthCallbackS} s`,
			fourthFinished &&
				fourthDone.callbacks.length === 1 &&
				fourthDone.callbacks[0].leadIds.length === LEADS,
		],
		['Leads with exactly one result', `${once} of ${leads.length}`, once === leads.length],
		[
			'Invocations left without a callback (their leads not done by that invocation)',
			`${open.length} (${open.reduce((n, i) => n + i.leadIds.length, 0)} leads)`,
			true,
		],
		['Leads without a result and not reported', String(lost), lost === 0],
		['Leads without a result at the end', String(none), none === 0],
		[
			'Leads with two results / invocations called back twice',
			`${twice} / ${manyCallbacks}`,
			twice === 0 && manyCallbacks === 0,
		],
		['Callbacks refused by the service', String(state.refused.length), state.refused.length === 0],
	];
	say('| Figure | Value |');
	say('| --- | --- |');
	for (const [figure, value, ok] of rows) say(`| ${figure} | ${value}${ok ? '' : ' (FAILED)'} |`);
	if (rows.some(([, , ok]) => !ok)) throw new Error('A check failed: see the table');
}

runBench(main);
