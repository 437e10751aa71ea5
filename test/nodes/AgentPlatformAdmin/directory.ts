import type { IDataObject } from 'n8n-workflow';
import { runWorkflow } from '../../harness';
import type { Simulator } from '../../simulator';
import { adminNode } from './helpers';
import { simCredentials, startRunsSimulator } from './runs';

/** One simulator for a directory test file, and a runner of one operation against it. */
export function directorySuite() {
	const suite = {
		sim: undefined as unknown as Simulator,
		/** Runs the node with `parameters` (an admin key unless `apiKey` says otherwise). */
		run: async (
			parameters: Record<string, unknown>,
			options: {
				apiKey?: string;
				continueOnFail?: boolean;
				items?: IDataObject[];
			} = {},
		) =>
			await runWorkflow({
				nodes: adminNode(parameters, options.continueOnFail),
				items: options.items,
				credentials: simCredentials(suite.sim, options.apiKey),
			}),
		/** The simulator's calls since the last `mark()`. */
		calls: () => suite.sim.services.admin.calls.slice(suite.from),
		mark: () => {
			suite.from = suite.sim.services.admin.calls.length;
		},
		from: 0,
	};
	beforeEach(async () => {
		suite.sim = await startRunsSimulator();
		suite.from = 0;
	});
	afterEach(async () => {
		await suite.sim.close();
	});
	return suite;
}
