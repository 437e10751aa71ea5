/**
 * The importable bulk demo (examples/marketing-bulk-demo.json) in a real n8n: a CSV file of 25
 * leads imported, then 90 days of activities extracted in 3 jobs, each output checked. The demo
 * reads an export's status once a minute, as the service refreshes it; `npm run dev -- --check`
 * runs it so (three minutes). Here its Status Check Interval is 2 s against a simulator refreshing
 * as often, so the same checks take seconds (MarketingAutomationBulk.test.ts has the large jobs).
 */
import shippedDemo from '../../examples/marketing-bulk-demo.json';
import { demoCredential, startE2e, type E2e } from './runner';

const RUN_TIMEOUT_MS = 300_000;
const STATUS_INTERVAL_S = 2;
const bulkDemo = {
	...shippedDemo,
	nodes: shippedDemo.nodes.map((node) =>
		node.name === 'Extract Last 90 Days Of Activities'
			? {
					...node,
					parameters: {
						...node.parameters,
						options: { ...node.parameters.options, statusInterval: STATUS_INTERVAL_S },
					},
				}
			: node,
	),
};
/** The part of an activities export job's body that says which days it covers. */
type ExportBody = { filter: { createdAt: { startAt: string; endAt: string } } };

describe('the marketing bulk demo in n8n (e2e)', () => {
	let e2e: E2e;

	beforeAll(async () => {
		e2e = await startE2e({
			shared: true,
			simulator: {
				marketing: {
					bulk: {
						startupMs: 500,
						rowsPerSecond: 20_000,
						statusRefreshMs: STATUS_INTERVAL_S * 1000,
					},
				},
			},
		});
		await e2e.importCredentials([demoCredential('marketingAutomationApi', e2e.sim.url)]);
		await e2e.importWorkflow([bulkDemo]);
	}, 600_000);

	afterAll(async () => {
		await e2e?.stop();
	});

	it(
		'runs the importable bulk demo: a CSV file in, 90 days of activities out in 3 jobs',
		async () => {
			const sim = e2e.sim.services.marketing;
			sim.resetCounters();
			// The seeded log ends in November 2026: a visit and a form fill of today keep the last
			// 90 days from coming back empty whenever the test runs.
			const today = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
			sim.addActivity({ leadId: 1, activityDate: today, activityTypeId: 1 });
			sim.addActivity({ leadId: 2, activityDate: today, activityTypeId: 2 });
			const run = await e2e.execute(bulkDemo.id);

			expect(run.error).toBeUndefined();
			expect(run.status).toBe('success');
			const imported = run.items('Bulk Import Leads');
			expect(imported).toHaveLength(2);
			expect(imported[0]).toMatchObject({
				status: 'Complete',
				numOfLeadsProcessed: 24,
				numOfRowsFailed: 1,
				fileName: 'leads-1.csv',
				rows: 25,
			});
			expect(imported[1]).toMatchObject({
				outcome: 'failed',
				reason: "Value for lookup field 'email' not found",
				row: expect.objectContaining({ email: 'not-an-email' }) as unknown,
			});
			const activities = run.items('Extract Last 90 Days Of Activities');
			// The windows the node asked for (each [startAt, endAt], both ends included as in the
			// service's filter), not the test's own clock: the count holds whatever the day.
			const windows = sim
				.callsTo('POST', '/bulk/v1/activities/export/create.json')
				.map((call) => (call.body as ExportBody).filter.createdAt)
				.map(({ startAt, endAt }) => [Date.parse(startAt), Date.parse(endAt)]);
			const expected = sim.activities.filter((a) => {
				const at = Date.parse(String(a.activityDate));
				return (
					[1, 2].includes(Number(a.activityTypeId)) &&
					windows.some(([start, end]) => at >= start && at <= end)
				);
			});
			expect(activities.length).toBe(expected.length);
			expect(activities.length).toBeGreaterThan(0);
			expect(activities.every((a) => [1, 2].includes(a.activityTypeId as number))).toBe(true);
			expect(typeof activities[0].leadId).toBe('number');
			expect(typeof activities[0].attributes).toBe('object');
			expect(sim.callsTo('POST', '/bulk/v1/activities/export/create.json')).toHaveLength(3);
		},
		RUN_TIMEOUT_MS,
	);
});
