import type { Simulator } from '../../../../simulator';
import { fastPolling } from '../../runs';
import { picked, runOn, startWorkSimulator, workCalls } from '../../work';

/** Conversation → Get Many, Get and Delete, on conversations Agent → Run started. */
describe('Agent Platform › Conversation', () => {
	let sim: Simulator;
	let conversations: string[];
	beforeEach(async () => {
		fastPolling();
		sim = await startWorkSimulator();
		const run = await runOn(
			sim,
			{
				resource: 'agent',
				operation: 'run',
				agentId: picked('agt-research'),
				message: '={{ $json.message }}',
			},
			[{ message: 'Research acme.com' }, { message: 'Research globex.com' }],
		);
		conversations = run.json().map((j) => j.conversation_id as string);
		sim.services.agentWork.calls.length = 0;
		sim.services.admin.calls.length = 0;
	});
	afterEach(async () => {
		await sim.close();
	});

	it('Get Many lists an agent’s conversations by state, simplified', async () => {
		const result = await runOn(sim, {
			resource: 'conversation',
			operation: 'getAll',
			agentId: picked('agt-research'),
			limit: 10,
			states: ['idle'],
		});
		const call = sim.services.agentWork.calls[0];
		expect([call.method, call.path]).toEqual(['GET', '/latest/agents/conversations/list']);
		expect(
			result
				.json()
				.map((c) => c.conversation_id)
				.sort(),
		).toEqual([...conversations].sort());
		expect(result.json()[0]).toEqual({
			conversation_id: expect.any(String),
			agent_id: 'agt-research',
			state: 'idle',
			title: expect.stringMatching(/^Research /),
			insert_date: expect.any(String),
			update_date: expect.any(String),
		});
		const none = await runOn(sim, {
			resource: 'conversation',
			operation: 'getAll',
			agentId: picked('agt-research'),
			states: ['running'],
		});
		expect(none.json()).toEqual([]);
	});

	it('Get Many sends the agent and states as the platform’s filters', async () => {
		const seen: string[] = [];
		const original = sim.services.agentWork.handle.bind(sim.services.agentWork);
		sim.services.agentWork.handle = (request) => {
			seen.push(request.query.get('filters') ?? '');
			return original(request);
		};
		await runOn(sim, {
			resource: 'conversation',
			operation: 'getAll',
			agentId: picked('agt-research'),
			states: ['idle', 'running'],
		});
		expect(JSON.parse(seen[0])).toEqual([
			{
				field: 'conversation.agent_id',
				filter_type: 'exact_match',
				condition: '==',
				condition_value: 'agt-research',
			},
			{
				field: 'conversation.state',
				filter_type: 'exact_match',
				condition: '==',
				condition_value: ['idle', 'running'],
			},
		]);
	});

	it('Get returns the messages, oldest first', async () => {
		const result = await runOn(sim, {
			resource: 'conversation',
			operation: 'get',
			agentId: picked('agt-research'),
			conversationId: conversations[0],
		});
		expect(sim.services.admin.calls.map((c) => [c.method, c.path, c.body])).toEqual([
			['POST', `/latest/agents/agt-research/tasks/${conversations[0]}/view`, { page_size: 100 }],
		]);
		const json = result.json()[0];
		expect(json.conversation_id).toBe(conversations[0]);
		expect((json.messages as Array<Record<string, unknown>>).map((m) => [m.type, m.text])).toEqual([
			['user-message', 'Research acme.com'],
			['agent-message', 'Let me look that up first.'],
			['tool-run', undefined],
			['agent-message', 'Answer to: Research acme.com'],
		]);
	});

	it('Delete removes one conversation by its path, several in one call', async () => {
		const one = await runOn(sim, {
			resource: 'conversation',
			operation: 'delete',
			agentId: picked('agt-research'),
			conversationIds: conversations[0],
		});
		expect(one.json()).toEqual([{ agent_id: 'agt-research', deleted: [conversations[0]] }]);
		expect(workCalls(sim)).toEqual([
			['DELETE', `/latest/agents/agt-research/conversations/${conversations[0]}`, undefined],
		]);
		const again = await runOn(sim, {
			resource: 'conversation',
			operation: 'delete',
			agentId: picked('agt-research'),
			conversationIds: `${conversations[1]}, ${conversations[1]}`,
		});
		expect(again.error).toBeUndefined();
		expect(workCalls(sim)[1][0]).toBe('DELETE');
		expect(sim.services.admin.runs.tasks.size).toBe(0);
		const several = await runOn(sim, {
			resource: 'conversation',
			operation: 'delete',
			agentId: picked('agt-research'),
			conversationIds: 'c-1, c-2',
		});
		expect(workCalls(sim)[2]).toEqual([
			'DELETE',
			'/latest/agents/agt-research/conversations',
			{ conversation_ids: ['c-1', 'c-2'] },
		]);
		expect(several.error?.message).toBe(
			'The service refused to delete the conversations: Conversation c-1, c-2 not found for agent agt-research.',
		);
	});

	it('Delete refuses more than 500 conversations before any call', async () => {
		const ids = Array.from({ length: 501 }, (_, n) => `c-${n}`).join(',');
		const result = await runOn(sim, {
			resource: 'conversation',
			operation: 'delete',
			agentId: picked('agt-research'),
			conversationIds: ids,
		});
		expect(result.error?.message).toBe(
			'Item 0 names 501 conversations; the platform deletes at most 500 at once',
		);
		expect(sim.services.agentWork.calls).toEqual([]);
	});
});
