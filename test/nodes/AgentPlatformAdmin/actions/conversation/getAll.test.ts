import type { Simulator } from '../../../../simulator';
import { fastPolling } from '../../runs';
import { picked, runOn, startWorkSimulator } from '../../work';

/** Conversation → Get Many, Get and Delete, on conversations Agent → Run started. */
describe('Agent Platform › Conversation › Get Many', () => {
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
});
