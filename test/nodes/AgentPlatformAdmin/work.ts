import { runWorkflow } from '../../harness';
import type { Simulator } from '../../simulator';
import { adminNode } from './helpers';
import { simCredentials, startRunsSimulator } from './runs';

/** Shared setup of the workforce, knowledge and conversation tests. */

export const WORKFORCE_RUN_MS = 80;

/** The runs simulator with workforces that finish in `WORKFORCE_RUN_MS`. */
export async function startWorkSimulator(): Promise<Simulator> {
	const sim = await startRunsSimulator();
	sim.services.agentWork.workforceRunMs = WORKFORCE_RUN_MS;
	return sim;
}

export const picked = (value: string) => ({
	__rl: true,
	mode: 'list',
	value,
	cachedResultName: value,
});

/** Runs the node with `parameters` on `items` against `sim`. */
export const runOn = async (
	sim: Simulator,
	parameters: Record<string, unknown>,
	items?: Array<Record<string, unknown>>,
	extra: {
		continueOnFail?: boolean;
		executionId?: string;
		retryOnFail?: { maxTries: number };
	} = {},
) =>
	await runWorkflow({
		nodes: {
			...adminNode(parameters, extra.continueOnFail ?? false),
			...(extra.retryOnFail ? { retryOnFail: extra.retryOnFail } : {}),
		},
		items: items as never,
		credentials: simCredentials(sim),
		executionId: extra.executionId,
	});

/** The work module's calls, as method, path and body. */
export const workCalls = (sim: Simulator) =>
	sim.services.agentWork.calls.map((c) => [c.method, c.path, c.body]);
