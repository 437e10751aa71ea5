import { runWorkflow } from '../../../../harness';
import type { Simulator } from '../../../../simulator';
import { adminNode } from '../../helpers';
import { simCredentials, startRunsSimulator } from '../../runs';

describe('Agent Platform › Agent › Get Many', () => {
	let sim: Simulator;
	beforeAll(async () => {
		sim = await startRunsSimulator({
			agents: Array.from({ length: 130 }, (_, i) => ({
				agent_id: `agt-${i}`,
				name: `Agent ${i}`,
				project: 'proj-demo',
			})),
		});
	});
	afterAll(async () => {
		await sim.close();
	});

	const getMany = async (parameters: Record<string, unknown>) =>
		await runWorkflow({
			nodes: adminNode({ resource: 'agent', operation: 'getMany', ...parameters }),
			credentials: simCredentials(sim, 'sk-demo-member'),
		});

	it('reads every page with Return All, 100 at a time', async () => {
		const from = sim.services.admin.calls.length;
		const result = await getMany({ returnAll: true });
		expect(sim.services.admin.calls.slice(from).map((c) => [c.method, c.path, c.body])).toEqual([
			['POST', '/latest/agents/list', { page: 1, page_size: 100 }],
			['POST', '/latest/agents/list', { page: 2, page_size: 100 }],
		]);
		expect(result.json()).toHaveLength(130);
		expect(result.json()[129]).toEqual({
			agent_id: 'agt-129',
			name: 'Agent 129',
			project: 'proj-demo',
		});
	});

	it('reads on when the platform serves fewer per page than asked, until a page is shorter than its own', async () => {
		sim.services.admin.pageCap = 50;
		try {
			const from = sim.services.admin.calls.length;
			const result = await getMany({ returnAll: true });
			expect(sim.services.admin.calls.slice(from).map((c) => c.body)).toEqual([
				{ page: 1, page_size: 100 },
				{ page: 2, page_size: 100 },
				{ page: 3, page_size: 100 },
			]);
			expect(result.json().map((a) => a.agent_id)).toEqual(
				Array.from({ length: 130 }, (_, i) => `agt-${i}`),
			);
		} finally {
			sim.services.admin.pageCap = 1000;
		}
	});

	it('stops at Limit', async () => {
		const result = await getMany({ returnAll: false, limit: 3 });
		expect(result.json().map((a) => a.agent_id)).toEqual(['agt-0', 'agt-1', 'agt-2']);
	});
});
