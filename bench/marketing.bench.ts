/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a local benchmark, never shipped */
/**
 * Marketing Automation against the simulator enforcing the service's limits (100 calls per window,
 * 10 concurrent, 606/615 on excess). For each scenario: calls made against the theoretical minimum,
 * rate-limit rejections received (target 0), and wall time against the floor the rate limit
 * imposes (a window must pass for every further 100 calls).
 */
import path from 'node:path';

import type { BenchModule } from './run';

const CREDENTIAL = 'marketingAutomationApi';

/** Time the rate limit alone forces for `calls` calls: one window per further `perWindow` calls. */
const floorMs = (calls: number, perWindow: number, windowMs: number) =>
	Math.floor(Math.max(0, calls - 1) / perWindow) * windowMs;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function run(): Promise<string> {
	// n8n-core reads these at import time: keep its files out of the home folder.
	process.env.N8N_USER_FOLDER ??= path.resolve(__dirname, '../.cache/bench-n8n');
	process.env.N8N_LOG_LEVEL ??= 'silent';
	process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS ??= 'false';
	process.env.N8N_DIAGNOSTICS_ENABLED ??= 'false';
	const { runWorkflow } = await import('../test/harness');
	const { startServices } = await import('../test/simulator');
	const { DEMO_CLIENT } = await import('../test/simulator/marketing');

	const lines: string[] = [];
	const sim = await startServices({ marketing: { latencyMs: 40 } });
	const service = sim.services.marketing;
	const credentials = () => ({
		[CREDENTIAL]: {
			restEndpoint: `${sim.url}/rest`,
			clientId: DEMO_CLIENT.clientId,
			clientSecret: DEMO_CLIENT.clientSecret,
			accessToken: '',
			expiresAt: 0,
			issuedFor: '',
		},
	});
	const node = (parameters: Record<string, unknown>) => ({
		type: 'marketingAutomation',
		parameters: parameters as never,
		credentialTypes: [CREDENTIAL],
	});

	async function scenario(
		title: string,
		minimum: number,
		windowMs: number,
		work: () => Promise<Array<{ error?: unknown }>>,
	) {
		service.resetCounters();
		const started = Date.now();
		const results = await work();
		const wall = Date.now() - started;
		const failed = results.filter((r) => r.error).length;
		const calls = service.calls.length;
		lines.push(
			`${title}`,
			`  calls made: ${calls} (theoretical minimum ${minimum})`,
			`  rate-limit rejections: ${service.rejections()} (606: ${service.counters.rejected['606'] ?? 0}, 615: ${service.counters.rejected['615'] ?? 0}); failed runs: ${failed}`,
			`  peak calls in one window: ${service.counters.maxInWindowSeen} of ${service.maxCallsPerWindow}; peak concurrent: ${service.counters.maxConcurrentSeen} of ${service.maxConcurrent}`,
			`  wall time: ${seconds(wall)} (rate-limit floor ${seconds(floorMs(calls, service.maxCallsPerWindow, windowMs))}, simulated latency ${service.latencyMs} ms per call)`,
		);
	}

	try {
		// Real limits: 100 calls per 20 s at the service, 95 per 20 s and 10 in flight in the node.
		const leads = Array.from({ length: 10_000 }, (_v, i) => ({
			email: `bench${i}@example.org`,
			firstName: `Bench${i}`,
			company: 'Bench Pty Ltd',
		}));
		await scenario(
			'Upsert 10,000 leads (Create or Update, 300 per call)',
			Math.ceil(10_000 / 300),
			20_000,
			async () => [
				await runWorkflow({
					nodes: node({
						resource: 'lead',
						operation: 'createOrUpdate',
						syncAction: 'createOrUpdate',
						lookupField: 'email',
						dataMode: 'autoMap',
						additionalFields: {},
					}),
					items: leads,
					credentials: credentials(),
				}),
			],
		);
		const emails = leads.slice(0, 1_000).map((lead) => ({ email: lead.email }));
		await scenario(
			'Look up 1,000 e-mails (Lead Get Many, 300 values per call)',
			Math.ceil(1_000 / 300),
			20_000,
			async () => [
				await runWorkflow({
					nodes: node({
						resource: 'lead',
						operation: 'getAll',
						filterType: 'email',
						filterValues: '={{ $json.email }}',
						returnAll: true,
						options: {},
					}),
					items: emails,
					credentials: credentials(),
				}),
			],
		);

		// One call per item from 4 executions at once: 240 calls must spread over 3 windows. The
		// window is scaled down to 2 s (service and node alike) so the run takes seconds, not a minute.
		service.windowMs = 2_000;
		await scenario(
			'4 concurrent executions x 60 single-record reads (window scaled to 2 s)',
			240,
			2_000,
			async () =>
				await Promise.all(
					Array.from({ length: 4 }, () =>
						runWorkflow({
							nodes: node({
								resource: 'campaign',
								operation: 'get',
								campaign: { mode: 'id', value: '2001' },
							}),
							items: Array.from({ length: 60 }, () => ({})),
							credentials: credentials(),
						}),
					),
				),
		);
	} finally {
		await sim.close();
	}
	return lines.join('\n');
}

const bench: BenchModule = { title: 'Marketing Automation: batching and rate limits', run };
export default bench;
