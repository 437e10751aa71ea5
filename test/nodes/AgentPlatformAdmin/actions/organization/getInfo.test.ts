import { directorySuite } from '../../directory';
import { fastPolling } from '../../runs';

describe('Agent Platform › Organization › Get Info', () => {
	const suite = directorySuite();

	it('reads credits, plan and live concurrency with GET', async () => {
		const result = await suite.run(
			{ resource: 'organization', operation: 'getInfo' },
			{ apiKey: 'sk-demo-member' },
		);
		expect(suite.calls().map((c) => [c.method, c.path, c.body])).toEqual([
			['GET', '/latest/projects/organization_info', undefined],
		]);
		expect(result.output()).toEqual([
			{
				json: {
					credits: 1000,
					actions: 0,
					entitlement_plan: 'free',
					concurrency: { limit: 2, active: 0, pending: 0 },
					default_project_id: 'proj-demo',
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('shows runs that are active and pending over the limit', async () => {
		fastPolling();
		suite.sim.services.admin.runs.agentRunMs = 600_000;
		await suite.run(
			{
				resource: 'agent',
				operation: 'run',
				agentId: { __rl: true, mode: 'id', value: 'agt-research' },
				message: '={{ $json.m }}',
				options: { waitForReply: false },
			},
			{ items: [{ m: 'a' }, { m: 'b' }, { m: 'c' }] },
		);
		const result = await suite.run({ resource: 'organization', operation: 'getInfo' });
		expect(result.json()[0].concurrency).toEqual({ limit: 2, active: 2, pending: 1 });
	});
});
