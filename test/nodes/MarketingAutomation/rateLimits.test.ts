import { sleep } from 'n8n-workflow';

import { timing } from '../../../nodes/MarketingAutomation/transport/timing';
import { fixClock } from '../../harness/clock';
import { fastTransport, outputOf, useMarketing } from './helpers';
import {
	GET_DEMO_CAMPAIGN,
	LEAD_UPSERT_BY_EMAIL,
	triggerDemoCampaign,
} from '../../harness/marketing';
import {
	campaignNotRequestableDescription,
	MAY_HAVE_RUN_DESCRIPTION,
	TRIGGER_SECOND_CALL_502,
} from './messages';

describe('Marketing Automation: rate limits and faults', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	afterEach(() => jest.useRealTimers());

	it('waits out the window after 606 and then succeeds', async () => {
		jest.replaceProperty(timing, 'windowMs', 300);
		sim().inject('606');
		const started = Date.now();
		const result = await env.run(GET_DEMO_CAMPAIGN);
		expect(result.error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);
		expect(sim().calls.map((c) => c.code ?? 'ok')).toEqual(['606', 'ok']);
		expect(result.json()[0]).toMatchObject({ id: 2001 });
	});

	it.each([['604'], ['608'], ['611'], ['615'], ['713'], ['http502']])(
		'retries %s with backoff and succeeds',
		async (code) => {
			sim().inject(code, { times: 2 });
			const result = await env.run(GET_DEMO_CAMPAIGN);
			expect(result.error).toBeUndefined();
			expect(sim().calls.map((c) => c.code ?? 'ok')).toEqual([code, code, 'ok']);
		},
	);

	it('stops on 607 with a clear message, and later calls to the instance are not sent', async () => {
		// 20:00 UTC: the quota's reset (midnight US Central) does not fall within the test.
		fixClock(Date.UTC(2026, 10, 25, 20, 0));
		sim().inject('607', { times: 5 });
		const result = await env.run(GET_DEMO_CAMPAIGN, { items: [{}, {}, {}], continueOnFail: true });
		expect(sim().calls.map((c) => c.code)).toEqual(['607']);
		const description =
			'The daily API quota of the instance is used up; it resets at 12:00 AM US Central time. No further calls were made.';
		expect(outputOf(result)).toEqual([
			{
				json: {
					error: 'Daily API quota reached (607): Daily quota reached',
					description,
					requestId: expect.stringMatching(/^[0-9a-f]+#[0-9a-f]+$/),
				},
				pairedItem: { item: 0 },
			},
			{
				json: {
					error:
						'Daily API quota reached (607): The daily quota of the instance was reached earlier; no call was made',
					description,
				},
				pairedItem: { item: 1 },
			},
			{
				json: {
					error:
						'Daily API quota reached (607): The daily quota of the instance was reached earlier; no call was made',
					description,
				},
				pairedItem: { item: 2 },
			},
		]);
		const stopped = await env.run(GET_DEMO_CAMPAIGN);
		expect(stopped.error?.message).toContain('Daily API quota reached (607)');
		expect(stopped.error?.description).toContain('resets at 12:00 AM US Central time');
		expect(sim().calls).toHaveLength(1);
	});

	it('gives up after the retries and says so', async () => {
		sim().inject('604', { times: 10 });
		const result = await env.run(GET_DEMO_CAMPAIGN);
		expect(result.error?.message).toBe('The service refused the call (604): Injected fault 604');
		expect(result.error?.description).toBe(
			'The call was retried 4 times with backoff and still failed; try again later.',
		);
		expect(sim().calls).toHaveLength(5);
	});

	it('checks success:false on HTTP 200 and shows the service message with the request id', async () => {
		const result = await env.run({
			...GET_DEMO_CAMPAIGN,
			campaign: { mode: 'id', value: '2003' },
			resource: 'campaign',
			operation: 'trigger',
			leadIds: '1',
			tokens: {},
		});
		expect(result.error?.message).toBe(
			'Campaign 2003 cannot be requested (1003): only active trigger campaigns can be requested; use Schedule for batch campaigns',
		);
		expect(result.error?.description).toMatch(
			campaignNotRequestableDescription(2003, 'Campaign 2003 cannot be requested by the API'),
		);
		expect(sim().calls).toHaveLength(1);
	});

	it('does not replay a trigger whose answer timed out, but replays a read', async () => {
		jest.replaceProperty(timing, 'timeoutMs', 300);
		sim().inject('timeout', { path: '/rest/v1/campaigns/2001/trigger.json', holdMs: 600 });
		const before = sim().triggered.length;
		const write = await env.run(triggerDemoCampaign('1,2'));
		expect(write.error?.message).toBe(
			'No answer to POST /rest/v1/campaigns/2001/trigger.json; the call was not repeated because it may have been executed',
		);
		expect(sim().triggered.length - before).toBe(1); // executed once, never twice
		expect(sim().callsTo('POST', '/rest/v1/campaigns/2001/trigger.json')).toHaveLength(1);

		sim().resetCounters();
		sim().inject('timeout', { path: '/rest/v1/campaigns/2001.json', holdMs: 600 });
		const read = await env.run(GET_DEMO_CAMPAIGN);
		expect(read.error).toBeUndefined();
		expect(sim().callsTo('GET', '/rest/v1/campaigns/2001.json')).toHaveLength(2);
	});

	it('does not replay a trigger after HTTP 502 (maybe executed), but does after a 6xx (not executed)', async () => {
		const trigger = triggerDemoCampaign('3');
		sim().inject('http502');
		const failed = await env.run(trigger);
		expect(failed.error?.message).toContain('POST /rest/v1/campaigns/2001/trigger.json');
		expect(sim().calls).toHaveLength(1);
		sim().resetCounters();
		sim().inject('611');
		const replayed = await env.run(trigger);
		expect(replayed.error).toBeUndefined();
		expect(sim().calls.map((c) => c.code ?? 'ok')).toEqual(['611', 'ok']);
	});

	it('keeps under the window and the concurrency limit across concurrent executions (0 rejections)', async () => {
		const service = sim();
		service.windowMs = 600;
		service.maxCallsPerWindow = 20;
		service.latencyMs = 15;
		fastTransport({ windowMs: 600 });
		// A call an earlier test left held on the service (a 'timeout' fault) still counts there.
		while (service.callsInFlight > 0) await sleep(20);
		try {
			const started = Date.now();
			const runs = await Promise.all(
				Array.from({ length: 4 }, () =>
					env.run(GET_DEMO_CAMPAIGN, {
						items: Array.from({ length: 15 }, () => ({})),
						credentials: { callsPer20Seconds: 19, callsInFlight: 10 },
					}),
				),
			);
			const elapsed = Date.now() - started;
			for (const run of runs) expect(run.error).toBeUndefined();
			expect(service.calls.filter((c) => !c.code)).toHaveLength(60);
			expect(service.counters.rejected).toEqual({});
			expect(service.counters.maxInWindowSeen).toBeLessThanOrEqual(20);
			// 60 calls at most 19 per 600 ms window: at least 3 windows must pass.
			expect(elapsed).toBeGreaterThanOrEqual(3 * 600 - 50);
		} finally {
			service.windowMs = 20_000;
			service.maxCallsPerWindow = 100;
			service.latencyMs = 0;
		}
	});

	describe('answers that break after the service executed the call (issue 10.3)', () => {
		const upsert = LEAD_UPSERT_BY_EMAIL;
		const trigger = triggerDemoCampaign('={{ String($json.id) }}');
		const holds = (leadId: number) => (request: { body?: unknown }) =>
			JSON.stringify(request.body).includes(`{"id":${leadId}}`);

		it.each([['truncated'], ['garbage'], ['http502-after'], ['http500'], ['http504']])(
			'retries an upsert by lookup field after a %s answer: each lead written once, every item its status',
			async (fault) => {
				const items = Array.from({ length: 3 }, (_v, i) => ({
					email: `fault-${fault}-${i}@example.org`,
				}));
				sim().inject(fault, { path: '/rest/v1/leads.json', method: 'POST' });
				const result = await env.run(upsert, { items });
				expect(result.error).toBeUndefined();
				expect(sim().callsTo('POST', '/rest/v1/leads.json')).toHaveLength(2);
				const stored = [...sim().leads.values()].filter((l) =>
					String(l.email).startsWith(`fault-${fault}-`),
				);
				expect(stored).toHaveLength(3);
				const executedFirst = fault !== 'http500' && fault !== 'http504';
				expect(outputOf(result).map((o) => [o.json.status, o.json.email, o.pairedItem])).toEqual(
					items.map((item, i) => [executedFirst ? 'updated' : 'created', item.email, { item: i }]),
				);
			},
		);

		it('retries a list add after a cut-off answer', async () => {
			sim().inject('truncated', { path: '/rest/v1/lists/1003/leads.json' });
			const result = await env.run({
				resource: 'list',
				operation: 'addLeads',
				list: { mode: 'id', value: '1003' },
				leadIds: '1, 2',
			});
			expect(result.error).toBeUndefined();
			expect(sim().callsTo('POST', '/rest/v1/lists/1003/leads.json')).toHaveLength(2);
			expect(result.json()[0]).toEqual({
				listId: 1003,
				leads: [
					{ id: 1, status: 'added' },
					{ id: 2, status: 'added' },
				],
				added: 2,
			});
		});

		it.each([
			[
				'truncated',
				'The answer to POST /rest/v1/campaigns/2001/trigger.json was cut off or not JSON; the call may have run and was not repeated',
			],
			[
				'garbage',
				'The answer to POST /rest/v1/campaigns/2001/trigger.json was cut off or not JSON; the call may have run and was not repeated',
			],
			[
				'http502-after',
				'The call POST /rest/v1/campaigns/2001/trigger.json failed (HTTP 502) and may have run; it was not repeated',
			],
		])(
			'never replays a trigger after a %s answer, and says it may have run',
			async (fault, message) => {
				const before = sim().triggered.length;
				sim().inject(fault, { path: '/rest/v1/campaigns/2001/trigger.json' });
				const result = await env.run(trigger, { items: [{ id: 1 }, { id: 2 }] });
				expect(result.error?.message).toBe(message);
				expect(result.error?.description).toBe(MAY_HAVE_RUN_DESCRIPTION);
				expect(sim().callsTo('POST', '/rest/v1/campaigns/2001/trigger.json')).toHaveLength(1);
				expect(sim().triggered.length - before).toBe(1);
			},
		);

		it('reports a multi-call trigger per item, so re-running only the failed items triggers nothing twice', async () => {
			const items = Array.from({ length: 250 }, (_v, i) => ({ id: i + 1 }));
			const before = sim().triggered.length;
			// The call carrying lead 101 (the second of three) fails before the service runs it.
			sim().inject('http502', { path: '/rest/v1/campaigns/2001/trigger.json', match: holds(101) });
			const first = await env.run(trigger, { items, continueOnFail: true });
			expect(first.error).toBeUndefined();
			const out = outputOf(first);
			expect(out).toHaveLength(250);
			const message = TRIGGER_SECOND_CALL_502;
			out.forEach((item, i) => {
				expect(item.pairedItem).toEqual({ item: i });
				if (i >= 100 && i < 200) {
					expect(item.json).toEqual({
						error: message,
						description: MAY_HAVE_RUN_DESCRIPTION,
					});
				} else {
					expect(item.json).toEqual({ campaignId: 2001, leadIds: [i + 1], triggered: true });
				}
			});
			const failed = out
				.filter((o) => 'error' in o.json)
				.map((o) => items[(o.pairedItem as { item: number }).item]);
			const rerun = await env.run(trigger, { items: failed });
			expect(rerun.error).toBeUndefined();
			const triggered = sim()
				.triggered.slice(before)
				.flatMap((t) => t.leads);
			expect(triggered.sort((a, b) => a - b)).toEqual(items.map((item) => item.id));
		});

		it('reports a multi-call upsert per item: the failed call names its items, the others succeed', async () => {
			const items = Array.from({ length: 650 }, (_v, i) => ({ email: `chunk${i}@example.org` }));
			sim().inject('609', {
				path: '/rest/v1/leads.json',
				match: (request) => JSON.stringify(request.body).includes('"chunk300@example.org"'),
			});
			const result = await env.run(upsert, { items, continueOnFail: true });
			const out = outputOf(result);
			expect(out).toHaveLength(650);
			out.forEach((item, i) => {
				expect(item.pairedItem).toEqual({ item: i });
				if (i >= 300 && i < 600) {
					expect(item.json.error).toBe(
						'The service refused the call (609): Injected fault 609 [call 2 of 3, items 300 to 599; the items of the other calls have their own results]',
					);
				} else {
					expect(item.json).toMatchObject({ status: 'created', email: items[i].email });
				}
			});
			expect(sim().callsTo('POST', '/rest/v1/leads.json')).toHaveLength(3);
		});
	});
});
