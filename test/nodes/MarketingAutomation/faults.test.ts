/**
 * Faults between the marketing node and the service: a read, two idempotent batch writes (lead
 * upsert, list add), the non-idempotent campaign trigger and program clone (a form-encoded asset
 * write), and the token renewal meet every fault
 * the proxy makes. Two items per run under Continue On Fail. Batch writes send both items in one
 * call, so the fault reaches both; single-item calls break item 0's call only. For each cell: no
 * item lost, no lead or trigger written twice (counted in the simulator), the exact message.
 */
import type { IDataObject } from 'n8n-workflow';

import { LEAD_UPSERT_BY_EMAIL, leadLookupByEmail } from '../../harness/marketing';
import { SERVICE_RATE_LIMITED, TIMEOUT_AFTER } from './fixtures';
import { fastTransport, useMarketing } from './helpers';
import type { MarketingService } from '../../simulator/marketing';
import { DEMO_CLIENT } from '../../simulator/marketing';
import SEEN_JSON from './faults.expected.json';
import {
	seenOf,
	TRANSPORT_FAULTS,
	verdictOf,
	type FaultCase,
} from '../../harness/faults/faultCases';
import { faultMatrix, type CallClass } from '../../harness/faults/matrix';
import { startFaultProxy, type FaultProxy } from '../../harness/faults/proxy';

interface MarketingCall {
	name: string;
	class: CallClass;
	parameters: IDataObject;
	items: [IDataObject, IDataObject];
	method: string;
	faultPath: string;
	/** Only item 0's call (item 1's goes to the same path), by its body; every call when absent. */
	faultWhere?: (request: { body: string }) => boolean;
	/** Both items go in one call (the fault reaches both). */
	batched: boolean;
	/** Makes the run need this call (e.g. expires the token). */
	prepare?: (service: MarketingService) => void;
	/** How often the service executed the faulted call. */
	executed(service: MarketingService, proxy: FaultProxy): number;
	writtenTwice(service: MarketingService): number;
	/** Whether an output item holds what the answer gives (a broken answer must not pass as none). */
	complete?: (json: IDataObject) => boolean;
	/** The node version the call needs (1 when omitted). */
	typeVersion?: number;
}

const leadsWith = (service: MarketingService, email: string) =>
	[...service.leads.values()].filter((lead) => lead.email === email).length;
const timesTriggered = (service: MarketingService, leadId: number) =>
	service.triggered.filter((t) => t.campaignId === 2001 && t.leads.includes(leadId)).length;
const programsNamed = (service: MarketingService, name: string) =>
	service.programs.filter((program) => program.name === name).length;
const okCalls = (service: MarketingService, method: string, path: string) =>
	service.callsTo(method, path).filter((call) => !call.code).length;
/** Form fills (activity type 2) logged for the lead with this e-mail. */
const formFills = (service: MarketingService, email: string) => {
	const ids = new Set(
		[...service.leads.values()].filter((l) => l.email === email).map((l) => l.id),
	);
	return service.activities.filter((a) => a.activityTypeId === 2 && ids.has(a.leadId)).length;
};
const samplesTo = (service: MarketingService, address: string) =>
	service.programOps.samples.filter((s) => s.emailAddress === address).length;
/** What was already there before a cell (fills and samples stay in the simulator across cells). */
const before: Record<string, number> = {};
/** How often the cell did it for `key`: counted now, less what was there before. */
const since = (key: string, now: number) => now - (before[key] ?? 0);

const CALLS: MarketingCall[] = [
	{
		name: 'Campaign → Get',
		class: 'read',
		parameters: { resource: 'campaign', operation: 'get', campaign: { mode: 'id', value: '2001' } },
		items: [{}, {}],
		method: 'GET',
		faultPath: '/rest/v1/campaigns/2001.json',
		batched: false,
		executed: (service) => okCalls(service, 'GET', '/rest/v1/campaigns/2001.json'),
		writtenTwice: () => 0,
	},
	{
		name: 'Lead → Create or Update',
		class: 'idempotent write',
		parameters: LEAD_UPSERT_BY_EMAIL,
		items: [{ email: 'fault.one@example.com' }, { email: 'fault.two@example.com' }],
		method: 'POST',
		faultPath: '/rest/v1/leads.json',
		batched: true,
		executed: (service) => okCalls(service, 'POST', '/rest/v1/leads.json'),
		writtenTwice: (service) =>
			Math.max(0, leadsWith(service, 'fault.one@example.com') - 1) +
			Math.max(0, leadsWith(service, 'fault.two@example.com') - 1),
	},
	{
		name: 'Lead → Get Many (look-up by e-mail)',
		class: 'read',
		parameters: leadLookupByEmail({}, '={{ $json.email }}'),
		items: [{ email: 'fault.lookup1@example.com' }, { email: 'fault.lookup2@example.com' }],
		method: 'GET',
		faultPath: '/rest/v1/leads.json',
		batched: true,
		prepare: (service) => {
			for (const email of ['fault.lookup1@example.com', 'fault.lookup2@example.com']) {
				if (leadsWith(service, email) === 0) service.addLead({ email });
			}
		},
		executed: (service) => okCalls(service, 'GET', '/rest/v1/leads.json'),
		writtenTwice: () => 0,
		complete: (json) => typeof json.email === 'string' && json.email.startsWith('fault.lookup'),
	},
	{
		name: 'List → Add Leads',
		class: 'idempotent write',
		parameters: {
			resource: 'list',
			operation: 'addLeads',
			list: { mode: 'id', value: '1001' },
			leadIds: '={{ $json.v }}',
		},
		items: [{ v: '1' }, { v: '2' }],
		method: 'POST',
		faultPath: '/rest/v1/lists/1001/leads.json',
		batched: true,
		executed: (service) => okCalls(service, 'POST', '/rest/v1/lists/1001/leads.json'),
		writtenTwice: () => 0,
	},
	{
		name: 'Email → Send Sample',
		class: 'non-idempotent write',
		parameters: {
			resource: 'email',
			operation: 'sendSample',
			email: { mode: 'id', value: '4002' },
			emailAddress: '={{ $json.to }}',
			options: {},
		},
		items: [{ to: 'fault.sample1@example.com' }, { to: 'fault.sample2@example.com' }],
		method: 'POST',
		faultPath: '/rest/asset/v1/email/4002/sendSample.json',
		faultWhere: ({ body }) => body.includes('fault.sample1%40example.com'),
		batched: false,
		typeVersion: 2,
		prepare: (service) => {
			for (const to of ['fault.sample1@example.com', 'fault.sample2@example.com']) {
				before[to] = samplesTo(service, to);
			}
		},
		executed: (service) =>
			since('fault.sample1@example.com', samplesTo(service, 'fault.sample1@example.com')),
		writtenTwice: (service) =>
			['fault.sample1@example.com', 'fault.sample2@example.com']
				.map((to) => Math.max(0, since(to, samplesTo(service, to)) - 1))
				.reduce((a, b) => a + b, 0),
	},
	{
		name: 'Form → Submit',
		class: 'non-idempotent write',
		parameters: {
			resource: 'form',
			operation: 'submit',
			form: { mode: 'id', value: '501' },
			formFields: { mappingMode: 'autoMapInputData', value: null },
			options: {},
		},
		items: [{ email: 'fault.form1@example.com' }, { email: 'fault.form2@example.com' }],
		method: 'POST',
		faultPath: '/rest/v1/leads/submitForm.json',
		faultWhere: ({ body }) => body.includes('fault.form1@example.com'),
		batched: false,
		typeVersion: 2,
		prepare: (service) => {
			for (const email of ['fault.form1@example.com', 'fault.form2@example.com']) {
				before[email] = formFills(service, email);
			}
		},
		executed: (service) =>
			since('fault.form1@example.com', formFills(service, 'fault.form1@example.com')),
		writtenTwice: (service) =>
			['fault.form1@example.com', 'fault.form2@example.com']
				.map((email) => Math.max(0, since(email, formFills(service, email)) - 1))
				.reduce((a, b) => a + b, 0),
	},
	{
		name: 'Campaign → Trigger',
		class: 'non-idempotent write',
		parameters: {
			resource: 'campaign',
			operation: 'trigger',
			campaign: { mode: 'id', value: '2001' },
			leadIds: '={{ $json.v }}',
			tokens: {},
		},
		items: [{ v: '1' }, { v: '2' }],
		method: 'POST',
		faultPath: '/rest/v1/campaigns/2001/trigger.json',
		batched: true,
		executed: (service) => timesTriggered(service, 1),
		writtenTwice: (service) =>
			Math.max(0, timesTriggered(service, 1) - 1) + Math.max(0, timesTriggered(service, 2) - 1),
	},
	{
		name: 'Program → Clone',
		class: 'non-idempotent write',
		parameters: {
			resource: 'program',
			operation: 'clone',
			program: { mode: 'id', value: '={{ $json.program }}' },
			name: '={{ $json.name }}',
			folder: { mode: 'id', value: '17' },
			additionalFields: {},
		},
		// Two programs, so the fault on the first one's path reaches item 0's call only.
		items: [
			{ program: '3003', name: 'Fault clone A' },
			{ program: '3002', name: 'Fault clone B' },
		],
		method: 'POST',
		faultPath: '/rest/asset/v1/program/3003/clone.json',
		batched: false,
		// Each cell clones under the same names: the previous cell's clones go first.
		prepare: (service) => {
			const kept = service.programs.filter((p) => !String(p.name).startsWith('Fault clone'));
			service.programs.splice(0, service.programs.length, ...kept);
		},
		executed: (service) => programsNamed(service, 'Fault clone A'),
		writtenTwice: (service) =>
			Math.max(0, programsNamed(service, 'Fault clone A') - 1) +
			Math.max(0, programsNamed(service, 'Fault clone B') - 1),
	},
	{
		name: 'Token renewal (before Campaign → Get)',
		class: 'token renewal',
		parameters: { resource: 'campaign', operation: 'get', campaign: { mode: 'id', value: '2001' } },
		items: [{}, {}],
		method: 'POST',
		faultPath: '/identity/oauth/token',
		batched: false,
		prepare: (service) => service.expireTokens(),
		executed: (_service, proxy) =>
			proxy.requests.filter((r) => r.path === '/identity/oauth/token' && r.forwarded).length,
		writtenTwice: () => 0,
	},
];

const SEEN = SEEN_JSON as Record<string, string>;

describe('Faults › Marketing Automation', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	let proxy: FaultProxy;
	const matrix = faultMatrix('Marketing Automation');

	beforeAll(async () => {
		proxy = await startFaultProxy(env.sim.url);
	});
	afterAll(async () => {
		matrix.write();
		await proxy.close();
	});

	const cells = CALLS.flatMap((call) =>
		// The identity call has no time limit of its own (n8n's 300 s default): no timeout cell.
		[
			...TRANSPORT_FAULTS,
			...(call.faultPath.startsWith('/rest/') ? [TIMEOUT_AFTER, SERVICE_RATE_LIMITED] : []),
		].map((fault) => [`${call.name}: ${fault.name}`, call, fault] as const),
	);

	it.each(cells)('%s', async (key, call, fault: FaultCase) => {
		// The held answer outlasts a short time limit (the client gives up; the proxy never answers).
		if (fault.rule.fault === 'timeout') fastTransport({ timeoutMs: 300 });
		// After a 606 the node waits out the service's window: a short one here.
		if (fault.notExecuted) fastTransport({ windowMs: 300 });
		// A token first (so a renewal is a renewal), then the fault on the call under test.
		const credentials = { restEndpoint: `${proxy.url}/rest` };
		const first = await env.run(
			{ resource: 'campaign', operation: 'get', campaign: { mode: 'id', value: '2001' } },
			{ credentials },
		);
		expect(first.error).toBeUndefined();
		call.prepare?.(sim());
		sim().resetCounters();
		sim().triggered.length = 0;
		proxy.reset();
		proxy.inject({
			...fault.rule,
			method: call.method,
			path: call.faultPath,
			times: 1,
			...(call.faultWhere ? { where: call.faultWhere } : {}),
		});

		const result = await env.run(call.parameters, {
			items: call.items,
			continueOnFail: true,
			credentials,
			typeVersion: call.typeVersion,
		});
		expect(proxy.pending()).toEqual([]);
		const output = result.output();
		// No item lost: one output item per input item, each paired with its input.
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		if (!call.batched) expect(seenOf(output[1])).toBe('ok');
		const writtenTwice = call.writtenTwice(sim());
		expect(writtenTwice).toBe(0);
		expect(JSON.stringify(output)).not.toContain(DEMO_CLIENT.clientSecret);

		const seen = seenOf(output[0], call.complete).replaceAll(proxy.url, '<base URL>');
		const sent = proxy.requests.filter(
			(r) => r.path === call.faultPath && (call.faultWhere?.(r) ?? true),
		).length;
		matrix.observe(key, seen);
		matrix.add({
			call: call.name,
			class: call.class,
			fault: fault.name,
			executed: call.executed(sim(), proxy),
			itemsOut: output.length,
			itemsIn: call.items.length,
			writtenTwice,
			seen,
			verdict: verdictOf({ class: call.class, fault, seen, sent, writtenTwice }),
		});
		if (!matrix.observing) expect(seen).toBe(SEEN[key]);
	});

	it('Campaign → Trigger of 150 leads in two calls, the second broken: per-item fate; re-running only the failed items triggers every lead once', async () => {
		const credentials = { restEndpoint: `${proxy.url}/rest` };
		const trigger = CALLS.find((call) => call.name === 'Campaign → Trigger')!.parameters;
		const leads = Array.from({ length: 150 }, (_, i) => ({ v: String(i + 1) }));
		sim().resetCounters();
		sim().triggered.length = 0;
		proxy.reset();
		// The second call (leads 101-150) meets a gateway 502 before reaching the service.
		proxy.inject({
			fault: '502-before',
			method: 'POST',
			path: '/rest/v1/campaigns/2001/trigger.json',
			where: ({ body }) => body.includes('"id":101'),
		});
		const first = await env.run(trigger, { items: leads, continueOnFail: true, credentials });
		expect(proxy.pending()).toEqual([]);
		const output = first.output();
		expect(output.map((item) => item.pairedItem)).toEqual(leads.map((_, item) => ({ item })));
		const failed = output.flatMap((item, index) => (item.json.error ? [index] : []));
		expect(failed).toEqual(Array.from({ length: 50 }, (_, i) => 100 + i));
		matrix.observe('Campaign → Trigger, two calls: failed item', seenOf(output[100]));
		if (!matrix.observing) {
			expect(seenOf(output[100])).toBe(SEEN['Campaign → Trigger, two calls: failed item']);
		}

		// The user re-runs only the failed items.
		const rerun = await env.run(trigger, {
			items: failed.map((index) => leads[index]),
			continueOnFail: true,
			credentials,
		});
		expect(rerun.output().every((item) => !item.json.error)).toBe(true);
		for (let lead = 1; lead <= 150; lead++) expect(timesTriggered(sim(), lead)).toBe(1);
	});
});
