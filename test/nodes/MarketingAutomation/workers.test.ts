/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test: a local TCP relay */
import { createConnection, createServer, type Server } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { timing } from '../../../nodes/MarketingAutomation/transport/timing';
import { fastTransport, useMarketing } from './helpers';
import { LEAD_UPSERT_BY_EMAIL } from '../../harness/marketing';

/**
 * Two n8n processes (queue-mode workers) calling one instance, each with its own limiter: here the
 * simulator's address and a relay on another port to it, so each "worker" gets its own limiter as
 * a separate process would. The window is scaled from 20 s to 1 s on both sides.
 */
describe('Marketing Automation: two workers sharing one instance', () => {
	const env = useMarketing({ latencyMs: 20 });
	const sim = () => env.sim.services.marketing;
	const upsert = LEAD_UPSERT_BY_EMAIL;

	let relay: Server;
	let relayUrl = '';
	beforeAll(async () => {
		const port = Number(new URL(env.sim.url).port);
		relay = createServer((socket) => {
			const upstream = createConnection(port, '127.0.0.1');
			socket.pipe(upstream).pipe(socket);
			socket.on('error', () => upstream.destroy());
			upstream.on('error', () => socket.destroy());
		});
		await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
		const address = relay.address();
		relayUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
	});
	afterAll(async () => {
		await new Promise((resolve) => relay.close(resolve));
	});

	beforeEach(() => {
		fastTransport({ windowMs: 1_000 });
		sim().windowMs = 1_000;
	});
	afterEach(() => {
		sim().windowMs = 20_000;
	});

	async function runWorkers(settings: IDataObject, runsPerWorker: number, leadsPerRun: number) {
		const hosts = [env.sim.url, relayUrl];
		const runs = hosts.flatMap((host, worker) =>
			Array.from({ length: runsPerWorker }, (_r, run) =>
				env.run(upsert, {
					items: Array.from({ length: leadsPerRun }, (_v, i) => ({
						email: `w${worker}-r${run}-${i}-${String(settings.callsPer20Seconds)}@example.org`,
					})),
					credentials: { restEndpoint: `${host}/rest`, ...settings },
				}),
			),
		);
		return await Promise.all(runs);
	}

	it('with the README setting for 2 workers (25 calls, 2 in flight each): no rejection', async () => {
		const results = await runWorkers({ callsPer20Seconds: 25, callsInFlight: 2 }, 2, 1_500);
		for (const result of results) {
			expect(result.error).toBeUndefined();
			expect(result.output()).toHaveLength(1_500);
		}
		expect(sim().callsTo('POST', '/rest/v1/leads.json')).toHaveLength(20);
		expect(sim().rejections()).toBe(0);
		expect(sim().counters.maxConcurrentSeen).toBeLessThanOrEqual(4);
	});

	it('with each worker set to the whole instance: the rejections slow both down, nothing is lost or doubled', async () => {
		// Both workers start 10 calls each at once: with 6 allowed in any second, the 7th arrival is
		// refused even when a loaded machine spreads the first 20 arrivals over most of a second.
		sim().maxCallsPerWindow = 6;
		// Each limiter halves its rate per 606 (100 -> 3 per window takes five halvings), and a
		// starved CPU can release a paused queue in one burst: a call may meet several 606s before
		// both limiters settle. What is proven is that nothing is lost or doubled, not how few
		// retries the convergence takes, so the retry budget is not the limit under test here.
		jest.replaceProperty(timing, 'retries', 12);
		try {
			const results = await runWorkers({ callsPer20Seconds: 100, callsInFlight: 10 }, 2, 3_000);
			for (const result of results) {
				expect(result.error).toBeUndefined();
				expect(result.output().every((item) => item.json.status === 'created')).toBe(true);
			}
			const sent = sim()
				.callsTo('POST', '/rest/v1/leads.json')
				.filter((c) => !c.code)
				.flatMap((c) => (c.body as { input: IDataObject[] }).input.map((l) => l.email));
			expect(sent).toHaveLength(4 * 3_000);
			expect(new Set(sent).size).toBe(4 * 3_000);
			expect(sim().rejections()).toBeGreaterThan(0);
			expect(sim().counters.overlappingUpserts).toBe(0);
			expect(timing.windowMs).toBe(1_000);
		} finally {
			sim().maxCallsPerWindow = 100;
		}
	});
});
