import type { Simulator } from '../../../../simulator';
import { fastPolling } from '../../runs';
import { picked, runOn, startWorkSimulator, workCalls } from '../../work';

/** Conversation → Get Many, Get and Delete, on conversations Agent → Run started. */
describe('Agent Platform › Conversation › Delete', () => {
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
