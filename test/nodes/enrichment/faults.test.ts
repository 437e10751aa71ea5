/**
 * Faults between the two enrichment nodes and their services (on the services' own API, the
 * credentials' default): credit-spending lookups, one call per item (ANZ person by e-mail) and one
 * batch for all items (global contact enrichment), meet every fault the proxy makes. Two items per
 * run under Continue On Fail. For each cell: no item lost, no lookup executed (and charged) twice,
 * the credits charged, and the exact message.
 */
import type { IDataObject } from 'n8n-workflow';

import { runWorkflow, type CredentialValues } from '../../harness';
import { ANZ_KEY, GLOBAL_KEY, serviceCredential } from '../../harness/enrichment';
import { startServices, type Simulator } from '../../simulator';
import type { EnrichmentCall } from '../../simulator/enrichmentBase';
import SEEN_JSON from './faults.expected.json';
import {
	seenOf,
	TRANSPORT_FAULTS,
	verdictOf,
	type FaultCase,
} from '../../harness/faults/faultCases';
import { faultMatrix, type CallClass } from '../../harness/faults/matrix';
import {
	startFaultProxy,
	type FaultProxy,
	type FaultRule,
	type ProxiedRequest,
} from '../../harness/faults/proxy';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

interface EnrichmentCallUnderTest {
	name: string;
	class: CallClass;
	node: 'anzSalesIntelligence' | 'globalEnrichment';
	parameters: IDataObject;
	items: [IDataObject, IDataObject];
	/** Which request to break: item 0's call (or the batch). */
	rule: Pick<FaultRule, 'method' | 'path' | 'where'>;
	batched: boolean;
	/** The service's own refusals, in its own format. */
	serviceFaults: FaultCase[];
	/** Whether a proxied request carries item 0's lookup. */
	isItem0(request: ProxiedRequest): boolean;
	/** Item 0's executed calls (answered 200 by the service). */
	item0Calls(sim: Simulator): EnrichmentCall[];
}

const enrich = (resource: string, identifyBy: string) => ({
	resource,
	operation: 'enrich',
	identifyBy,
	[identifyBy]: '={{ $json.v }}',
});

/** A rate-limit answer (not executed) and an internal error (ambiguous), as the service words them. */
function serviceFaults(rateLimited: IDataObject, internal: IDataObject): FaultCase[] {
	return [
		{
			name: 'service 429',
			notExecuted: true,
			rule: {
				fault: 'inject',
				answer: { status: 429, body: rateLimited, headers: { 'retry-after': '0' } },
			},
		},
		{ name: 'service 500', rule: { fault: 'inject', answer: { status: 500, body: internal } } },
	];
}

const CALLS: EnrichmentCallUnderTest[] = [
	{
		name: 'ANZ Person → Enrich (by e-mail)',
		class: 'credit-spending lookup',
		node: 'anzSalesIntelligence',
		parameters: enrich('person', 'email'),
		items: [
			{ v: 'jane.citizen@southerncross.example.com.au' },
			{ v: 'tom.nguyen@kookaburra.example.com.au' },
		],
		rule: { method: 'GET', where: ({ url }) => url.includes('jane.citizen') },
		batched: false,
		serviceFaults: serviceFaults(
			{ error: { code: 'RATE_LIMITED', message: 'Too many requests' } },
			{
				error: { code: 'INTERNAL', message: 'Internal server error' },
			},
		),
		isItem0: (request) => request.url.includes('jane.citizen'),
		item0Calls: (sim) =>
			sim.services.anz.calls.filter(
				(call) =>
					call.status === 200 &&
					`${call.query ?? ''}${JSON.stringify(call.body)}`.includes('jane.citizen'),
			),
	},
	{
		name: 'ANZ Person → Search',
		class: 'read',
		node: 'anzSalesIntelligence',
		parameters: {
			resource: 'person',
			operation: 'search',
			limit: 2,
			filters: { position: '={{ $json.v }}' },
		},
		items: [{ v: 'Manager' }, { v: 'Director' }],
		rule: { method: 'POST', where: ({ body }) => body.includes('Manager') },
		batched: false,
		serviceFaults: serviceFaults(
			{ error: { code: 'RATE_LIMITED', message: 'Too many requests' } },
			{ error: { code: 'INTERNAL', message: 'Internal server error' } },
		),
		isItem0: (request) => request.body.includes('Manager'),
		item0Calls: (sim) =>
			sim.services.anz.calls.filter(
				(call) => call.status === 200 && JSON.stringify(call.body ?? '').includes('Manager'),
			),
	},
	{
		name: 'Global Contact → Enrich (bulk)',
		class: 'credit-spending lookup',
		node: 'globalEnrichment',
		parameters: { ...enrich('contact', 'email') },
		items: [{ v: 'ana.silva@northwind.example.com' }, { v: 'mia@fabrikam.example.com.au' }],
		rule: { method: 'POST' },
		batched: true,
		serviceFaults: serviceFaults(
			{ statusCode: 429, message: 'Too Many Requests' },
			{ statusCode: 500, message: 'Internal server error' },
		),
		isItem0: (request) => request.body.includes('ana.silva'),
		item0Calls: (sim) =>
			sim.services.global.calls.filter(
				(call) => call.status === 200 && JSON.stringify(call.body ?? '').includes('ana.silva'),
			),
	},
	{
		name: 'Global Contact → Get Signals',
		class: 'credit-spending lookup',
		node: 'globalEnrichment',
		parameters: {
			resource: 'contact',
			operation: 'getSignals',
			recordId: '={{ $json.v }}',
			signalTypes: ['allSignals'],
		},
		items: [{ v: 'p-2001' }, { v: 'p-2003' }],
		rule: { method: 'POST' },
		batched: true,
		serviceFaults: serviceFaults(
			{ statusCode: 429, message: 'Too Many Requests' },
			{ statusCode: 500, message: 'Internal server error' },
		),
		isItem0: (request) => request.body.includes('p-2001'),
		item0Calls: (sim) =>
			sim.services.global.calls.filter(
				(call) =>
					call.status === 200 &&
					call.path === '/v3/contacts/signals' &&
					JSON.stringify(call.body ?? '').includes('p-2001'),
			),
	},
];

const SEEN = SEEN_JSON as Record<string, string>;

describe('Faults › enrichment nodes', () => {
	let sim: Simulator;
	let proxy: FaultProxy;
	const matrix = faultMatrix('Enrichment (ANZ Sales Intelligence, Global Enrichment)');

	beforeEach(async () => {
		sim = await startServices();
		proxy = await startFaultProxy(sim.url);
	});
	afterEach(async () => {
		await proxy.close();
		await sim.close();
	});
	afterAll(() => matrix.write());

	const cells = CALLS.flatMap((call) =>
		[...TRANSPORT_FAULTS, ...call.serviceFaults].map(
			(fault) => [`${call.name}: ${fault.name}`, call, fault] as const,
		),
	);

	it.each(cells)('%s', async (key, call, fault) => {
		proxy.inject({ ...fault.rule, ...call.rule, times: 1 });
		const credentials: CredentialValues =
			call.node === 'anzSalesIntelligence'
				? { anzSalesIntelligenceApi: serviceCredential(`${proxy.url}/anz/`, ANZ_KEY) }
				: { globalEnrichmentApi: serviceCredential(`${proxy.url}/global`, GLOBAL_KEY) };
		const result = await runWorkflow({
			nodes: {
				type: call.node,
				parameters: call.parameters as never,
				credentialTypes: Object.keys(credentials),
				continueOnFail: true,
			},
			items: call.items,
			credentials,
		});
		expect(proxy.pending()).toEqual([]);
		const output = result.output();
		// No item lost: one output item per input item, each paired with its input.
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		if (!call.batched) expect(seenOf(output[1])).toBe('ok');
		// A lookup never executed, and so never charged, twice.
		const executed = call.item0Calls(sim);
		// A read may run twice (it was retried); a lookup that spends credits may not.
		const writtenTwice = call.class === 'read' ? 0 : Math.max(0, executed.length - 1);
		expect(writtenTwice).toBe(0);
		expect(JSON.stringify(output)).not.toContain(
			call.node === 'anzSalesIntelligence' ? ANZ_KEY : GLOBAL_KEY,
		);

		const seen = seenOf(output[0]).replaceAll(proxy.url, '<base URL>');
		const sent = proxy.requests.filter(call.isItem0).length;
		matrix.observe(key, seen);
		matrix.add({
			call: call.name,
			class: call.class,
			fault: fault.name,
			executed: executed.length,
			itemsOut: output.length,
			itemsIn: call.items.length,
			writtenTwice,
			credits: executed.reduce((sum, c) => sum + c.credits, 0),
			seen,
			verdict: verdictOf({
				class: call.class,
				fault,
				seen,
				sent,
				writtenTwice,
			}),
		});
		if (!matrix.observing) expect(seen).toBe(SEEN[key]);
	});
});
