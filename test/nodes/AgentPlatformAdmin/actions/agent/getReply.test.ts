import { runWorkflow } from '../../../../harness';
import type { Simulator } from '../../../../simulator';
import { adminNode } from '../../helpers';
import { callsSince, fastPolling, simCredentials, startRunsSimulator } from '../../runs';
import { NOT_A_CONVERSATION_ID } from '../../messages';

const agentById = { __rl: true, mode: 'id', value: 'agt-research' };

describe('Agent Platform › Agent › Get Reply', () => {
	let sim: Simulator;
	beforeEach(async () => {
		fastPolling();
		sim = await startRunsSimulator();
	});
	afterEach(async () => {
		await sim.close();
	});

	const start = async (message: string) => {
		const started = await runWorkflow({
			nodes: adminNode({
				resource: 'agent',
				operation: 'run',
				agentId: agentById,
				message,
				options: { waitForReply: false },
			}),
			credentials: simCredentials(sim),
		});
		return started.json()[0].conversation_id as string;
	};
	const getReply = async (conversationId: string, options: Record<string, unknown> = {}) =>
		await runWorkflow({
			nodes: adminNode({
				resource: 'agent',
				operation: 'getReply',
				agentId: agentById,
				conversationId,
				options,
			}),
			credentials: simCredentials(sim),
		});

	it('answers at once with finished false while the agent works, and reads nothing else', async () => {
		const conversation = await start('A SLOW one');
		const from = sim.services.admin.calls.length;
		const result = await getReply(conversation);
		expect(callsSince(sim, from)).toEqual([
			`GET /latest/agents/agt-research/tasks/${conversation}/metadata`,
		]);
		expect(result.output()).toEqual([
			{
				json: {
					agent_id: 'agt-research',
					conversation_id: conversation,
					state: 'running',
					finished: false,
					title: 'A SLOW one',
					reply: null,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('waits until the agent has finished when asked to, and returns the reply', async () => {
		const conversation = await start('Quick one');
		const result = await getReply(conversation, { waitForReply: true, timeLimit: 60 });
		expect(result.json()).toEqual([
			{
				agent_id: 'agt-research',
				conversation_id: conversation,
				state: 'idle',
				finished: true,
				title: 'Quick one',
				reply: 'Answer to: Quick one',
			},
		]);
		expect(sim.services.admin.runs.started).toHaveLength(1);
	});

	it("says the platform does not know a conversation (the platform's 404)", async () => {
		const result = await getReply('conv-unknown');
		expect(result.error?.message).toBe(
			'The service refused to read the state of the agent run: Conversation conv-unknown not found for agent agt-research.',
		);
	});

	it('refuses a conversation ID that would change the path, before any call', async () => {
		const result = await getReply('../x');
		expect(result.error?.message).toBe(NOT_A_CONVERSATION_ID('../x', 0));
		expect(sim.services.admin.calls).toHaveLength(0);
	});
});
