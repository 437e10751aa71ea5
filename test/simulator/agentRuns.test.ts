import { sleep } from 'n8n-workflow';

import { DEMO_ADMIN_SEED, startServices, type Simulator } from './';

/**
 * The simulated platform is as strict as the real one on what makes a run start once: one
 * conversation per `external_id`, one message at a time per conversation, a job id the caller
 * chooses, the final job state `timeout`, the sync limit, and pages shorter than asked.
 */
describe('agent platform simulator: runs that start once', () => {
	let sim: Simulator;
	beforeAll(async () => {
		sim = await startServices({
			admin: {
				...DEMO_ADMIN_SEED,
				runs: {
					...DEMO_ADMIN_SEED.runs,
					agentRunMs: 200,
					toolJobMs: 300,
					syncLimitMs: 100,
					tools: [
						...(DEMO_ADMIN_SEED.runs?.tools ?? []),
						{
							studio_id: 'tool-expiring',
							title: 'Expiring job',
							project: 'proj-demo',
							params_schema: { properties: {} },
							behaviour: 'expires',
						},
					],
				},
			},
		});
	});
	afterAll(async () => {
		await sim.close();
	});

	const call = async (method: string, path: string, body?: unknown) => {
		const answer = await fetch(`${sim.url}/latest${path}`, {
			method,
			headers: {
				authorization: 'Bearer proj-demo:sk-demo-admin',
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
	};
	const trigger = (extra: Record<string, unknown>) =>
		call('POST', '/agents/trigger', {
			agent_id: 'agt-research',
			message: { role: 'user', content: 'Research acme.com' },
			...extra,
		});

	it('an external_id with the behaviour "nothing" starts one conversation and one run, however often it is sent', async () => {
		const started = sim.services.admin.runs.started.length;
		const first = await trigger({ external_id: 'exec-1:node:0', external_id_behaviour: 'nothing' });
		const again = await trigger({ external_id: 'exec-1:node:0', external_id_behaviour: 'nothing' });
		expect(first.status).toBe(200);
		expect(again).toEqual({
			status: 200,
			body: { conversation_id: first.body.conversation_id, state: expect.any(String) },
		});
		expect(sim.services.admin.runs.started.length - started).toBe(1);
		expect((await trigger({ external_id: '' })).status).toBe(422);
	});

	it('refuses a second message to a conversation that is still running (409), and takes it once idle', async () => {
		const first = await trigger({});
		const conversation = first.body.conversation_id;
		const busy = await trigger({ conversation_id: conversation });
		expect(busy).toEqual({
			status: 409,
			body: expect.objectContaining({
				message: `Conversation ${String(conversation)} is already running.`,
			}),
		});
		await sleep(1200);
		expect((await trigger({ conversation_id: conversation })).status).toBe(200);
	});

	it('a tool job started twice with one job_id is one job', async () => {
		const started = sim.services.admin.runs.started.length;
		const body = { project: 'proj-demo', params: { market: 'AU' }, job_id: 'exec-1-node-0' };
		const first = await call('POST', '/studios/tool-report/trigger_async', body);
		const again = await call('POST', '/studios/tool-report/trigger_async', body);
		expect(first.body).toEqual({ job_id: 'exec-1-node-0' });
		expect(again.body).toEqual({ job_id: 'exec-1-node-0' });
		expect(sim.services.admin.runs.started.length - started).toBe(1);
		const other = await call('POST', '/studios/tool-enrich/trigger_async', {
			...body,
			params: { domain: 'acme.com' },
		});
		expect(other.status).toBe(409);
	});

	it('a job past the platform’s run time ends in the final state timeout', async () => {
		const { body } = await call('POST', '/studios/tool-expiring/trigger_async', {
			project: 'proj-demo',
			params: {},
		});
		// Polled until it is no longer queued or running (runs before it may hold the two slots).
		const path = `/studios/tool-expiring/async_poll/${String(body.job_id)}?ending_update_only=true`;
		let poll = await call('GET', path);
		for (let n = 0; n < 30 && ['queued', 'running'].includes(String(poll.body.type)); n++) {
			await sleep(100);
			poll = await call('GET', path);
		}
		expect(poll.body).toEqual({ type: 'timeout', updates: [] });
	});

	it('a sync run past the sync limit answers 504 while the run goes on', async () => {
		const started = sim.services.admin.runs.started.length;
		const answer = await call('POST', '/studios/tool-report/trigger_limited', {
			project: 'proj-demo',
			params: { market: 'NZ' },
		});
		expect(answer.status).toBe(504);
		expect(answer.body.message).toBe(
			'The tool run is taking longer than the sync limit: use trigger_async for long tools.',
		);
		expect(sim.services.admin.runs.started.length - started).toBe(1);
	});

	it('serves at most pageCap records a page, whatever page_size asked', async () => {
		sim.services.admin.pageCap = 1;
		try {
			const page = await call('POST', '/agents/list', { page: 1, page_size: 100 });
			expect((page.body.results as unknown[]).length).toBe(1);
			const second = await call('POST', '/agents/list', { page: 2, page_size: 100 });
			expect((second.body.results as Array<{ agent_id: string }>)[0].agent_id).toBe('agt-support');
		} finally {
			sim.services.admin.pageCap = 1000;
		}
	});
});
