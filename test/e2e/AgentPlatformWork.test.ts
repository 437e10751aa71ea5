/**
 * Workforces and knowledge tables in a real n8n, installed from the packed tarball, against the
 * simulator: the workforce demo turns a CSV of 1,000 rows into rows of a knowledge table, then a
 * workforce answers from that table's rows (how many, and their total revenue).
 */
import workforceDemo from '../../examples/agent-workforce-demo.json';
import { startE2e, type E2e } from './runner';

/** The install and n8n's start can take minutes on a busy machine; no test here is timed. */
const MACHINE_BUSY_MS = 600_000;

describe('workforces and knowledge tables in n8n (e2e)', () => {
	let e2e: E2e;

	beforeAll(async () => {
		e2e = await startE2e({ shared: true });
		await e2e.importCredentials([
			{
				id: 'demoAdminCred001',
				name: 'Agent platform admin (simulator)',
				type: 'agentPlatformApi',
				data: {
					region: 'custom',
					baseUrl: e2e.sim.url,
					projectId: 'proj-demo',
					apiKey: 'sk-demo-admin',
				},
			},
		]);
		await e2e.importWorkflow([workforceDemo]);
	}, MACHINE_BUSY_MS);

	afterAll(async () => {
		await e2e?.stop();
	});

	it(
		'adds a CSV of 1,000 rows to a knowledge table, then a workforce answers from it',
		async () => {
			const work = e2e.sim.services.agentWork;
			const run = await e2e.execute(workforceDemo.id);

			expect(run.error).toBeUndefined();
			expect(run.status).toBe('success');
			expect(run.nodesRun).toEqual([
				'Start',
				'Accounts CSV',
				'Accounts File',
				'Read Accounts',
				'Add to Knowledge Table',
				'Review Accounts',
			]);
			const added = run.fullItems('Add to Knowledge Table');
			expect(added).toHaveLength(1000);
			expect(added[999]).toEqual({
				json: {
					knowledge_set: 'accounts',
					row: { name: 'Company 1000', country: 'AU', revenue: '1000' },
				},
				pairedItem: { item: 999 },
			});
			// 1,000 rows in ten calls of 100, each row once.
			const adds = work.calls.filter((c) => c.path === '/latest/knowledge/add');
			expect(adds.map((c) => (c.body as { data: unknown[] }).data.length)).toEqual(
				Array.from({ length: 10 }, () => 100),
			);
			expect(work.table('proj-demo', 'accounts')).toHaveLength(1000);

			const review = run.items('Review Accounts');
			expect(review).toEqual([
				{
					workforce_id: 'wf-accounts',
					workforce_task_id: expect.any(String),
					state: 'completed',
					finished: true,
					title: expect.any(String),
					result:
						'Read 1000 rows of accounts; total revenue 500500. Answer to: How many accounts are in the table, and what is their total revenue?',
				},
			]);
			expect(work.calls.filter((c) => c.path === '/latest/workforce/trigger')).toHaveLength(1);
		},
		MACHINE_BUSY_MS,
	);
});
