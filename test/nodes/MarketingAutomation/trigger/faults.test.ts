/**
 * Faults between the polling trigger and the service: the activity page, the lead read and the
 * token renewal meet every fault the proxy makes, on the poll after three new bounces. A second
 * poll without faults follows: over both polls each bounce is emitted exactly once (none lost,
 * none twice), and the first poll's message is the one n8n shows.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { pollOnce } from '../../../harness';
import { SERVICE_RATE_LIMITED, TIMEOUT_AFTER } from '../fixtures';
import { CREDENTIAL, fastTransport, useMarketing } from '../helpers';
import { DEMO_CLIENT } from '../../../simulator/marketing';
import SEEN_JSON from './faults.expected.json';
import { TRANSPORT_FAULTS, verdictOf } from '../../../harness/faults/faultCases';
import { faultMatrix, type CallClass } from '../../../harness/faults/matrix';
import { startFaultProxy, type FaultProxy } from '../../../harness/faults/proxy';

interface TriggerCall {
	name: string;
	class: CallClass;
	method: string;
	path: string;
	options: IDataObject;
}

const CALLS: TriggerCall[] = [
	{
		name: 'Poll → activity page',
		class: 'read',
		method: 'GET',
		path: '/rest/v1/activities.json',
		options: {},
	},
	{
		name: 'Poll → lead read (Include Lead)',
		class: 'read',
		method: 'GET',
		path: '/rest/v1/leads.json',
		options: { includeLead: true },
	},
	{
		name: 'Poll → token renewal',
		class: 'token renewal',
		method: 'POST',
		path: '/identity/oauth/token',
		options: {},
	},
];

const SEEN = SEEN_JSON as Record<string, string>;

describe('Faults › Marketing Automation Trigger', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	let proxy: FaultProxy;
	const matrix = faultMatrix('Marketing Automation Trigger');
	let clock = Date.now();
	let seeded = 0;

	beforeAll(async () => {
		proxy = await startFaultProxy(env.sim.url);
	});
	afterAll(async () => {
		matrix.write();
		await proxy.close();
	});
	beforeEach(() => {
		proxy.reset();
		clock = Date.now() + 5_000;
		seeded ||= sim().activities.length;
	});
	afterEach(() => {
		sim().activities.splice(seeded);
	});

	const poll = async (staticData: IDataObject, options: IDataObject) =>
		await pollOnce({
			type: 'marketingAutomationTrigger',
			parameters: { event: 'emailBounced', options } as never,
			credentialType: CREDENTIAL,
			credentials: env.credentials({ restEndpoint: `${proxy.url}/rest` }),
			staticData,
		});
	const ids = (result: INodeExecutionData[][] | null) =>
		(result?.[0] ?? []).map((item) => String(item.json.activityId));

	// The identity call has no time limit of its own (n8n's 300 s default): no timeout cell.
	const cells = CALLS.flatMap((call) =>
		[
			...TRANSPORT_FAULTS,
			...(call.path.startsWith('/rest/') ? [TIMEOUT_AFTER, SERVICE_RATE_LIMITED] : []),
		].map((fault) => [`${call.name}: ${fault.name}`, call, fault] as const),
	);

	it.each(cells)('%s', async (key, call, fault) => {
		// A short time limit, and a short window to wait out after a 606.
		if (fault.rule.fault === 'timeout') fastTransport({ timeoutMs: 300 });
		if (fault.notExecuted) fastTransport({ windowMs: 300 });
		const staticData: IDataObject = {};
		expect(await poll(staticData, call.options)).toBeNull();
		const bounces = [1, 2, 3].map((n) => {
			clock += 1000;
			return sim().addActivity({
				leadId: 5,
				activityTypeId: 8,
				primaryAttributeValueId: 4000 + n,
				primaryAttributeValue: `Bounce ${n}`,
				activityDate: new Date(clock).toISOString().replace(/\.\d{3}Z$/, 'Z'),
			});
		});
		if (call.class === 'token renewal') sim().expireTokens();
		sim().resetCounters();
		proxy.reset();
		proxy.inject({ ...fault.rule, method: call.method, path: call.path, times: 1 });

		let seen = 'ok';
		let first: string[] = [];
		try {
			first = ids(await poll(staticData, call.options));
		} catch (error) {
			// The proxy's port changes from run to run.
			seen = (error as Error).message.replaceAll(proxy.url, '<base URL>');
		}
		expect(proxy.pending()).toEqual([]);
		const sent = proxy.requests.filter((r) => r.path === call.path).length;
		const executed =
			call.class === 'token renewal'
				? sim().counters.tokensIssued
				: sim().callsTo(call.method, call.path).length;
		const second = ids(await poll(staticData, call.options));
		const emitted = [...first, ...second];
		const expected = bounces.map((b) => String(b.marketoGUID));
		// None lost, none twice, in the log's order.
		expect(emitted).toEqual(expected);
		// No secret in what n8n shows.
		expect(seen).not.toContain(DEMO_CLIENT.clientSecret);

		matrix.observe(key, seen);
		matrix.add({
			call: call.name,
			class: call.class,
			fault: fault.name,
			executed,
			itemsOut: new Set(emitted).size,
			itemsIn: expected.length,
			writtenTwice: emitted.length - new Set(emitted).size,
			seen: seen === 'ok' ? 'ok' : `poll failed: ${seen} (next poll emitted the events)`,
			verdict: verdictOf({ class: call.class, fault, seen, sent, writtenTwice: 0 }).replace(
				'DEFECT: safe to repeat, not retried',
				'SHORTFALL: not retried, the poll fails (nothing lost: the next poll emits every event once)',
			),
		});
		if (!matrix.observing) expect(seen).toBe(SEEN[key]);
	});
});
