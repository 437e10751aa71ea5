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
		/** Creates a project of the demo organization with Project → Create; its ID. */
		createProject: async (name = 'Launch') => {
			const created = await suite.run({
				resource: 'project',
				operation: 'create',
				name,
				organizationId: 'org-demo',
			});
			return String(created.json()[0].project_id);
		},
		/** Puts a project straight into the simulator (e.g. one of another organization). */
		addProject: (id: string, name: string, organizationId: string) => {
			suite.sim.services.admin.projects.set(id, {
				project_id: id,
				name,
				description: '',
				organization_id: organizationId,
				users: {},
				invites: {},
			});
		},
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
