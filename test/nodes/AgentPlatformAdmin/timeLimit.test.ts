import { pollTiming, pollUntil } from '../../../nodes/AgentPlatformAdmin/transport/polling';
import { runWorkflow } from '../../harness';
import type { Simulator } from '../../simulator';
import { adminNode } from './helpers';
import { fastPolling, simCredentials, startRunsSimulator } from './runs';

const picked = (value: string) => ({ __rl: true, mode: 'list', value, cachedResultName: value });

describe('Agent Platform › time limit of a run', () => {
	let sim: Simulator;
	beforeEach(async () => {
		fastPolling();
		// Pauses of 300, 450, 675 ms: the third would pass a 1 s limit, which must still be used up.
		jest.replaceProperty(pollTiming, 'firstDelayMs', 300);
		jest.replaceProperty(pollTiming, 'maxDelayMs', 5000);
		sim = await startRunsSimulator();
		sim.services.admin.runs.agentRunMs = 600_000;
	});
	afterEach(async () => {
		await sim.close();
	});

	it('Agent → Run waits the whole time limit, with a last look at its end', async () => {
		const before = Date.now();
		const result = await runWorkflow({
			nodes: adminNode({
				resource: 'agent',
				operation: 'run',
				agentId: picked('agt-research'),
				message: 'Research acme.com',
				options: { timeLimit: 1 },
			}),
			credentials: simCredentials(sim),
		});
		expect(Date.now() - before).toBeGreaterThanOrEqual(1000);
		expect(result.error?.message).toMatch(/^The agent is still running after 1 s/);
	});

	it('the last look is at the end of the limit, not a pause before it', async () => {
		const looks: number[] = [];
		const start = Date.now();
		const { finished } = await pollUntil(
			async () => looks.push(Date.now()),
			() => false,
			1000,
		);
		expect(finished).toBe(false);
		// Looks at about 300, 750 and 1000 ms: the last one not before the limit.
		expect(looks.at(-1)! - start).toBeGreaterThanOrEqual(1000);
	});

	it('a limit of 0 looks once, at once', async () => {
		let looks = 0;
		const { finished } = await pollUntil(
			async () => ++looks,
			() => false,
			0,
		);
		expect([finished, looks]).toEqual([false, 1]);
	});
});
