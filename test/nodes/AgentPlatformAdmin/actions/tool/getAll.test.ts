import { runWorkflow } from '../../../../harness';
import type { Simulator } from '../../../../simulator';
import { adminNode } from '../../helpers';
import { simCredentials, startRunsSimulator } from '../../runs';

describe('Agent Platform › Tool › Get Many', () => {
	let sim: Simulator;
	beforeAll(async () => {
		sim = await startRunsSimulator();
	});
	afterAll(async () => {
		await sim.close();
	});

	const getMany = async (parameters: Record<string, unknown>) =>
		await runWorkflow({
			nodes: adminNode({ resource: 'tool', operation: 'getMany', ...parameters }),
			credentials: simCredentials(sim, 'sk-demo-member'),
		});

	it("lists the project's tools with a project filter, simplified to ID, title and inputs", async () => {
		const from = sim.services.admin.calls.length;
		const result = await getMany({ returnAll: true });
		const [call] = sim.services.admin.calls.slice(from);
		expect(call.method).toBe('GET');
		expect(call.path).toBe('/latest/studios/list');
		expect(result.json()).toEqual([
			{
				tool_id: 'tool-enrich',
				title: 'Enrich company',
				description: 'Looks a company up by its domain',
				inputs: ['domain', 'employees'],
				required_inputs: ['domain'],
			},
			{
				tool_id: 'tool-report',
				title: 'Market report',
				description: 'Writes a long market report (runs as a job)',
				inputs: ['market'],
				required_inputs: ['market'],
			},
			{
				tool_id: 'tool-crm-sync',
				title: 'CRM sync',
				inputs: ['record_id'],
				required_inputs: [],
			},
		]);
	});

	it('returns the raw records with Simplify off and stops at Limit', async () => {
		const result = await getMany({ returnAll: false, limit: 1, simplify: false });
		expect(result.json()).toEqual([
			{
				studio_id: 'tool-enrich',
				title: 'Enrich company',
				description: 'Looks a company up by its domain',
				project: 'proj-demo',
				params_schema: {
					properties: {
						domain: { type: 'string', title: 'Domain' },
						employees: { type: 'number', title: 'Employees' },
					},
					required: ['domain'],
				},
			},
		]);
	});
});
