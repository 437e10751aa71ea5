import type { Simulator } from '../../../../simulator';
import { fastPolling } from '../../runs';
import { picked, runOn, startWorkSimulator } from '../../work';

/** Conversation → Get Many, Get and Delete, on conversations Agent → Run started. */
describe('Agent Platform › Conversation › Get', () => {
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
});
