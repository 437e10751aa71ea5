import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { runWorkflow } from '../../../../harness';
import type { Simulator } from '../../../../simulator';
import { adminNode, recordCalls, runAdmin, US_BASE } from '../../helpers';
import { callsSince, fastPolling, simCredentials, startRunsSimulator } from '../../runs';
import { AGENT_RUN_MAY_HAVE_RUN, AGENT_STILL_RUNNING_FIX } from '../../messages';

const agentPicked = {
	__rl: true,
	mode: 'list',
	value: 'agt-research',
	cachedResultName: 'Lead researcher',
};

const runNode = (parameters: Record<string, unknown> = {}, continueOnFail = false) =>
	adminNode(
		{
			resource: 'agent',
			operation: 'run',
			agentId: agentPicked,
			message: 'Research acme.com',
			...parameters,
		},
		continueOnFail,
	);

describe('Agent Platform › Agent › Run', () => {
	let sim: Simulator;
	beforeEach(async () => {
		fastPolling();
		sim = await startRunsSimulator();
	});
	afterEach(async () => {
		await sim.close();
	});

	const run = async (node: ReturnType<typeof adminNode>, items?: IDataObject[]) =>
		await runWorkflow({ nodes: node, items, credentials: simCredentials(sim) });

	it('sends the message once, polls the task until it is idle and returns the final reply, not the thought', async () => {
		const result = await run(runNode());
		expect(result.error).toBeUndefined();
		const [trigger] = sim.services.admin.calls;
		expect(trigger).toMatchObject({
			method: 'POST',
			path: '/latest/agents/trigger',
			authorization: 'Bearer proj-demo:sk-demo-admin',
			body: {
				agent_id: 'agt-research',
				message: { role: 'user', content: 'Research acme.com', attachments: [] },
			},
		});
		const calls = callsSince(sim, 1);
		const conversation = result.json()[0].conversation_id as string;
		const metadata = `GET /latest/agents/agt-research/tasks/${conversation}/metadata`;
		expect(calls.at(-1)).toBe(`POST /latest/agents/agt-research/tasks/${conversation}/view`);
		expect(calls.slice(0, -1).every((call) => call === metadata)).toBe(true);
		expect(sim.services.admin.calls.at(-1)!.body).toEqual({ page_size: 100 });
		expect(result.output()).toEqual([
			{
				json: {
					agent_id: 'agt-research',
					conversation_id: conversation,
					state: 'idle',
					finished: true,
					title: 'Research acme.com',
					reply: 'Answer to: Research acme.com',
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(sim.services.admin.runs.started).toHaveLength(1);
	});

	it('names a new conversation by execution, node and item, so a run sent again starts nothing new', async () => {
		// The same execution running the node again (n8n's Retry On Fail) sends the same external_id.
		const again = async () =>
			await runWorkflow({
				nodes: runNode({ options: { waitForReply: false } }),
				items: [{}, {}],
				credentials: simCredentials(sim),
				executionId: '4711',
			});
		const first = await again();
		const second = await again();
		const triggers = sim.services.admin.calls.filter((c) => c.path === '/latest/agents/trigger');
		expect(triggers.map((c) => c.body)).toEqual(
			[0, 1, 0, 1].map((item) => ({
				agent_id: 'agt-research',
				message: { role: 'user', content: 'Research acme.com', attachments: [] },
				external_id: `n8n-4711-node-0-0-${item}`,
				external_id_behaviour: 'nothing',
			})),
		);
		expect(sim.services.admin.runs.started).toHaveLength(2);
		expect(second.json().map((j) => j.conversation_id)).toEqual(
			first.json().map((j) => j.conversation_id),
		);
	});

	it('sends messages to one conversation one after another, with Runs in Flight above one', async () => {
		const first = await run(runNode());
		const conversation = first.json()[0].conversation_id as string;
		const result = await run(
			runNode({
				message: '={{ $json.message }}',
				options: { conversationId: conversation, runsInFlight: 2 },
			}),
			[{ message: 'And their competitors?' }, { message: 'And their prices?' }],
		);
		// The platform refuses a second message while the first is answered (409): none came.
		expect(result.error).toBeUndefined();
		expect(sim.services.admin.calls.filter((c) => c.status === 409)).toEqual([]);
		expect(result.json().map((j) => j.reply)).toEqual([
			'Answer to: And their competitors?',
			'Answer to: And their prices?',
		]);
	});

	it('continues a conversation with file URLs, and the reply is the answer to the newest message', async () => {
		// The platform takes one message at a time per conversation: the first run ends before the next.
		const first = await run(runNode());
		const conversation = first.json()[0].conversation_id as string;
		const result = await run(
			runNode({
				message: 'And their competitors?',
				options: {
					conversationId: conversation,
					fileUrls: 'https://example.com/files/brief%20v2.pdf, http://example.com/notes.txt',
				},
			}),
		);
		expect(result.error).toBeUndefined();
		const trigger = sim.services.admin.calls.filter((c) => c.path === '/latest/agents/trigger')[1];
		expect(trigger.body).toEqual({
			agent_id: 'agt-research',
			conversation_id: conversation,
			message: {
				role: 'user',
				content: 'And their competitors?',
				attachments: [
					{ file_name: 'brief v2.pdf', file_url: 'https://example.com/files/brief%20v2.pdf' },
					{ file_name: 'notes.txt', file_url: 'http://example.com/notes.txt' },
				],
			},
		});
		expect(result.json()[0]).toMatchObject({
			conversation_id: conversation,
			reply: 'Answer to: And their competitors?',
		});
	});

	it('returns at once with the conversation ID when Wait for Reply is off', async () => {
		const result = await run(runNode({ options: { waitForReply: false } }));
		expect(callsSince(sim, 0)).toEqual(['POST /latest/agents/trigger']);
		expect(result.json()).toEqual([
			{ agent_id: 'agt-research', conversation_id: expect.any(String), state: 'starting-up' },
		]);
	});

	it('says the agent is still running at the time limit, how to read the reply later, and does not start it again', async () => {
		const result = await run(runNode({ message: 'A SLOW question', options: { timeLimit: 0 } }));
		const conversation = [...sim.services.admin.runs.tasks.keys()][0];
		expect(result.error?.message).toBe(
			`The agent is still running after 0 s (conversation ${conversation}, state 'running'); it was not started again`,
		);
		expect(result.error?.description).toBe(AGENT_STILL_RUNNING_FIX(conversation));
		expect(sim.services.admin.runs.started).toHaveLength(1);
	});

	it("surfaces the platform's error text when the agent's task ends without a reply", async () => {
		const result = await run(runNode({ message: 'Please FAIL' }));
		expect(result.error?.message).toBe(
			"The agent's run ended in state 'unrecoverable' without a reply: The model refused the request: content policy.",
		);
		expect(sim.services.admin.runs.started).toHaveLength(1);
	});

	it('runs many items up to Runs in Flight at once, each started once, outputs in input order', async () => {
		// No run ends before a second is sent, however loaded the machine.
		sim.services.admin.runs.holdUntilQueued = 2;
		const items = Array.from({ length: 7 }, (_, i) => ({ q: `Question ${i}` }));
		const result = await run(
			runNode({ message: '={{ $json.q }}', options: { runsInFlight: 3 } }),
			items,
		);
		expect(result.error).toBeUndefined();
		expect(result.output().map((o) => [o.json.reply, o.pairedItem])).toEqual(
			items.map((item, i) => [`Answer to: ${item.q}`, { item: i }]),
		);
		expect(sim.services.admin.runs.started).toHaveLength(7);
		expect(sim.services.admin.runs.peakUnfinished).toBeLessThanOrEqual(3);
		expect(sim.services.admin.runs.peakUnfinished).toBeGreaterThan(1);
	});

	it('checks every item before the first run: an empty message or a bad file URL spends nothing', async () => {
		const empty = await run(runNode({ message: '={{ $json.q }}' }), [{ q: 'ok' }, { q: '' }]);
		expect(empty.error?.message).toBe("The 'Message' field of item 1 is empty");
		const badUrl = await run(runNode({ options: { fileUrls: 'ftp://example.com/a.pdf' } }));
		expect(badUrl.error?.message).toBe(
			"'ftp://example.com/a.pdf' in the 'File URLs' field of item 0 is not a web address",
		);
		expect(sim.services.admin.calls).toHaveLength(0);
	});
});

describe('Agent Platform › Agent › Run, when the platform fails', () => {
	beforeEach(() => fastPolling());
	afterEach(() => nock.cleanAll());

	it('never sends the trigger twice: a 502 says the run may have started', async () => {
		const calls = recordCalls(US_BASE, () => [502, { message: 'Bad gateway' }]);
		const result = await runAdmin(
			adminNode({ resource: 'agent', operation: 'run', agentId: agentPicked, message: 'Hi' }),
		);
		expect(calls.map((c) => c.path)).toEqual(['/latest/agents/trigger']);
		expect(result.error?.message).toBe(AGENT_RUN_MAY_HAVE_RUN('HTTP 502'));
	});

	it('gives the conversation ID when the run continues one and its fate is open', async () => {
		recordCalls(US_BASE, () => [504, {}]);
		const result = await runAdmin(
			adminNode({
				resource: 'agent',
				operation: 'run',
				agentId: agentPicked,
				message: 'Hi',
				options: { conversationId: 'conv-7' },
			}),
		);
		expect(result.error?.message).toBe(
			`${AGENT_RUN_MAY_HAVE_RUN('HTTP 504')} (conversation conv-7)`,
		);
	});

	it('says the run started and how to read it later when its state cannot be read', async () => {
		const calls = recordCalls(US_BASE, (call) =>
			call.path === '/latest/agents/trigger'
				? [200, { conversation_id: 'conv-1', state: 'starting-up' }]
				: [500, { message: 'Internal error' }],
		);
		const result = await runAdmin(
			adminNode({ resource: 'agent', operation: 'run', agentId: agentPicked, message: 'Hi' }),
		);
		expect(calls.filter((c) => c.path === '/latest/agents/trigger')).toHaveLength(1);
		expect(calls.filter((c) => c.path.endsWith('/metadata'))).toHaveLength(5);
		expect(result.error?.message).toBe(
			'The agent run started (conversation conv-1), but its reply could not be read: The service refused to read the state of the agent run: Internal error',
		);
		expect(result.error?.description).toMatch(
			/^Do not run this item again: the agent is working on it\. Read the reply later with Agent → Get Reply \(agent agt-research, conversation conv-1\)\./,
		);
	});

	it('gives an error item per failed item under Continue On Fail and runs the others', async () => {
		recordCalls(US_BASE, (call) => {
			const body = call.body as { message: { content: string } };
			if (call.path !== '/latest/agents/trigger') {
				return [200, { metadata: { conversation: { state: 'idle' } }, results: [] }];
			}
			return body.message.content === 'bad'
				? [422, { message: 'Agent is disabled.' }]
				: [200, { conversation_id: `c-${body.message.content}`, state: 'starting-up' }];
		});
		const result = await runAdmin(
			adminNode(
				{ resource: 'agent', operation: 'run', agentId: agentPicked, message: '={{ $json.m }}' },
				true,
			),
			[{ m: 'a' }, { m: 'bad' }, { m: 'c' }],
		);
		expect(result.output()).toEqual([
			{
				json: {
					agent_id: 'agt-research',
					conversation_id: 'c-a',
					state: 'idle',
					finished: true,
					reply: '',
				},
				pairedItem: { item: 0 },
			},
			{
				json: {
					error: 'The service refused to start the agent run: Agent is disabled.',
					description: 'Correct the fields the service names and run the node again.',
				},
				pairedItem: { item: 1 },
			},
			{
				json: {
					agent_id: 'agt-research',
					conversation_id: 'c-c',
					state: 'idle',
					finished: true,
					reply: '',
				},
				pairedItem: { item: 2 },
			},
		]);
	});
});
