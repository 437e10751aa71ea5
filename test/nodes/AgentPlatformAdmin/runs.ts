import { pollTiming } from '../../../nodes/AgentPlatformAdmin/transport/polling';
import { timing } from '../../../nodes/AgentPlatformAdmin/transport/timing';
import { startServices, DEMO_ADMIN_SEED, type Simulator } from '../../simulator';
import type { RunsSeed } from '../../simulator/agentRuns';

/** Shared setup of the run and directory tests: the simulator with fast agents and tools. */

export const AGENT_RUN_MS = 80;

/**
 * The demo organization with agents and tools that take `AGENT_RUN_MS` (or what `runs` says), and
 * one member already in the demo project (usr-ana, Admin) for the user and API key operations.
 */
export async function startRunsSimulator(runs: Partial<RunsSeed> = {}): Promise<Simulator> {
	return await startServices({
		admin: {
			...DEMO_ADMIN_SEED,
			projects: [
				{
					id: 'proj-demo',
					name: 'Demo project',
					organizationId: 'org-demo',
					members: [{ userId: 'usr-ana', email: 'ana@example.com', actions: { admin: true } }],
				},
			],
			runs: { ...DEMO_ADMIN_SEED.runs, agentRunMs: AGENT_RUN_MS, toolJobMs: AGENT_RUN_MS, ...runs },
		},
	});
}

export const simCredentials = (sim: Simulator, apiKey = 'sk-demo-admin') => ({
	agentPlatformApi: { region: 'custom', baseUrl: sim.url, projectId: 'proj-demo', apiKey },
});

/** Polls every few milliseconds and retries without long pauses, so runs end in test time. */
export function fastPolling() {
	jest.replaceProperty(pollTiming, 'firstDelayMs', 20);
	jest.replaceProperty(pollTiming, 'maxDelayMs', 40);
	jest.replaceProperty(timing, 'baseDelayMs', 1);
	jest.replaceProperty(timing, 'maxDelayMs', 5);
}

/** The simulator's calls after `from`, as method and path (query left out). */
export const callsSince = (sim: Simulator, from: number) =>
	sim.services.admin.calls.slice(from).map((call) => `${call.method} ${call.path}`);
