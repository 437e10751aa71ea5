/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals -- a local benchmark, never shipped: the simulator's demo keys, its settings from the environment */
/**
 * The workflows `expert.bench.ts` runs in one real n8n: for each job, the package's node, and the
 * build a skilled n8n user makes by hand from n8n's own nodes (a Code node that chunks the items
 * into the service's batch size, and an HTTP Request node that sends one call per chunk with a
 * credential of n8n's own). Every workflow starts with a production Webhook and a Split Out of the
 * posted records (the same for both builds, not timed), so the timed nodes get the same items.
 */
import { LEAD_UPSERT_AS_SAVED, leadLookupByEmail } from '../test/harness/marketing';
import { webhookWorkflow } from './queue-stack';

const PACKAGE = 'n8n-nodes-agent-platform';
export const CREDENTIAL_IDS = {
	marketing: 'benchExpertMkt01',
	marketingOAuth: 'benchExpertMktOA1',
	anz: 'benchExpertAnz01',
	anzHeader: 'benchExpertAnzH1',
	global: 'benchExpertGlb01',
	globalHeader: 'benchExpertGlbH1',
};

/** The nodes each build times: the package's one node, or the expert's nodes. */
export const TIMED = {
	package: ['Package'],
	expert: ['Chunk', 'Call'],
};

const splitOut = {
	name: 'Items',
	type: 'n8n-nodes-base.splitOut',
	parameters: { fieldToSplitOut: 'body.records', options: {} },
};

/** A Code node (run once for all items) that turns the items into one item per `size` of them. */
const chunk = (size: number, build: string) => ({
	name: 'Chunk',
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	parameters: {
		jsCode: [
			'const items = $input.all();',
			'const out = [];',
			`for (let i = 0; i < items.length; i += ${size}) {`,
			`\tconst chunk = items.slice(i, i + ${size}).map((item) => item.json);`,
			`\tout.push({ json: ${build} });`,
			'}',
			'return out;',
		].join('\n'),
	},
});

/** HTTP Request (n8n 2.41's default version 4.5) with Batching: `perBatch` requests every `intervalMs`. */
const httpRequest = (
	parameters: Record<string, unknown>,
	credentials: Record<string, { id: string; name: string }>,
	batching?: { perBatch: number; intervalMs: number },
) => ({
	name: 'Call',
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.5,
	parameters: {
		...parameters,
		options: batching
			? {
					batching: { batch: { batchSize: batching.perBatch, batchInterval: batching.intervalMs } },
				}
			: {},
	},
	credentials,
});

/**
 * The package node's version: `BENCH_EXPERT_NODE_VERSION` (default 2.1, what a new workflow gets;
 * its upserts check the leads against the lead describe).
 */
const NODE_VERSION = Number(process.env.BENCH_EXPERT_NODE_VERSION ?? 2.1);

const packageNode = (type: string, parameters: object, credential: string, id: string) => ({
	name: 'Package',
	type: `${PACKAGE}.${type}`,
	typeVersion: NODE_VERSION,
	parameters,
	credentials: { [credential]: { id, name: credential } },
});

const oAuth = { oAuth2Api: { id: CREDENTIAL_IDS.marketingOAuth, name: 'Marketing OAuth2' } };
const anzHeader = { httpHeaderAuth: { id: CREDENTIAL_IDS.anzHeader, name: 'ANZ header' } };
const globalHeader = { httpHeaderAuth: { id: CREDENTIAL_IDS.globalHeader, name: 'Global header' } };
const generic = (type: string) => ({
	authentication: 'genericCredentialType',
	genericAuthType: type,
});

export interface BenchWorkflow {
	id: string;
	hook: string;
	build: 'package' | 'expert';
	workflow: ReturnType<typeof webhookWorkflow>;
}

const make = (id: string, build: BenchWorkflow['build'], steps: object[]): BenchWorkflow => ({
	id,
	hook: `bench-${id}`,
	build,
	workflow: webhookWorkflow(id, `Expert bench: ${id}`, `bench-${id}`, [splitOut, ...steps]),
});

/**
 * The workflows, by job. `urls` are the simulated services; `pace` the expert's HTTP Request
 * batching: marketing `inFlight` calls per latency (the credential's calls in flight), ANZ and
 * Global the documented 50 requests per second.
 */
export function benchWorkflows(
	urls: { marketing: string; enrichment: string },
	latencyMs: number,
	marketingInFlight = 5,
) {
	const marketing = CREDENTIAL_IDS.marketing;
	const perSecond = { perBatch: 50, intervalMs: 1000 };
	/** The ANZ service's own one-person lookup, as an HTTP Request node sends it per item. */
	const anzLookup = {
		method: 'GET',
		url: `${urls.enrichment}/anz/people`,
		...generic('httpHeaderAuth'),
		sendQuery: true,
		queryParameters: { parameters: [{ name: 'work_email', value: '={{ $json.email }}' }] },
	};
	return {
		lookupPackage: make('mktLookupPkg', 'package', [
			packageNode(
				'marketingAutomation',
				leadLookupByEmail({ fields: ['id', 'email'] }),
				'marketingAutomationApi',
				marketing,
			),
		]),
		lookupExpert: make('mktLookupExp', 'expert', [
			chunk(300, "{ emails: chunk.map((row) => row.email).join(',') }"),
			httpRequest(
				{
					method: 'GET',
					url: `${urls.marketing}/rest/v1/leads.json`,
					...generic('oAuth2Api'),
					sendQuery: true,
					queryParameters: {
						parameters: [
							{ name: 'filterType', value: 'email' },
							{ name: 'filterValues', value: '={{ $json.emails }}' },
							{ name: 'fields', value: 'id,email' },
						],
					},
				},
				oAuth,
				{ perBatch: marketingInFlight, intervalMs: latencyMs },
			),
		]),
		upsertPackage: make('mktUpsertPkg', 'package', [
			packageNode('marketingAutomation', LEAD_UPSERT_AS_SAVED, 'marketingAutomationApi', marketing),
		]),
		upsertExpert: make('mktUpsertExp', 'expert', [
			chunk(300, "{ action: 'createOrUpdate', lookupField: 'email', input: chunk }"),
			httpRequest(
				{
					method: 'POST',
					url: `${urls.marketing}/rest/v1/leads.json`,
					...generic('oAuth2Api'),
					sendBody: true,
					specifyBody: 'json',
					jsonBody: '={{ JSON.stringify($json) }}',
				},
				oAuth,
				{ perBatch: marketingInFlight, intervalMs: latencyMs },
			),
		]),
		anzPackage: make('anzPkg', 'package', [
			packageNode(
				'anzSalesIntelligence',
				{
					resource: 'person',
					operation: 'enrich',
					identifyBy: 'email',
					email: '={{ $json.email }}',
				},
				'anzSalesIntelligenceApi',
				CREDENTIAL_IDS.anz,
			),
		]),
		anzExpert: make('anzExp', 'expert', [
			chunk(1, 'chunk[0]'),
			httpRequest(anzLookup, anzHeader, perSecond),
		]),
		anzNaive: make('anzNaive', 'expert', [chunk(1, 'chunk[0]'), httpRequest(anzLookup, anzHeader)]),
		globalPackage: make('globalPkg', 'package', [
			packageNode(
				'globalEnrichment',
				{
					resource: 'contact',
					operation: 'enrich',
					identifyBy: 'email',
					email: '={{ $json.email }}',
				},
				'globalEnrichmentApi',
				CREDENTIAL_IDS.global,
			),
		]),
		globalExpert: make('globalExp', 'expert', [
			chunk(
				100,
				'{ contacts: chunk.map((row, n) => ({ clientReferenceId: String(i + n), email: row.email })) }',
			),
			httpRequest(
				{
					method: 'POST',
					url: `${urls.enrichment}/global/v3/contacts/search-and-enrich`,
					...generic('httpHeaderAuth'),
					sendBody: true,
					specifyBody: 'json',
					jsonBody: '={{ JSON.stringify($json) }}',
				},
				globalHeader,
				perSecond,
			),
		]),
	};
}

/** The credentials of both builds, as `n8n import:credentials` takes them. */
export function benchCredentials(
	urls: { marketing: string; enrichment: string },
	settings: {
		anzPerSecond: number;
		globalInFlight: number;
		marketing?: { callsPerWindow: number; callsInFlight: number };
	},
) {
	return [
		{
			id: CREDENTIAL_IDS.marketing,
			name: 'marketingAutomationApi',
			type: 'marketingAutomationApi',
			data: {
				restEndpoint: `${urls.marketing}/rest`,
				clientId: 'demo-client-id',
				clientSecret: 'demo-client-secret',
				...(settings.marketing
					? {
							callsPer20Seconds: settings.marketing.callsPerWindow,
							callsInFlight: settings.marketing.callsInFlight,
						}
					: {}),
			},
		},
		{
			id: CREDENTIAL_IDS.marketingOAuth,
			name: 'Marketing OAuth2',
			type: 'oAuth2Api',
			data: {
				grantType: 'clientCredentials',
				accessTokenUrl: `${urls.marketing}/identity/oauth/token`,
				clientId: 'demo-client-id',
				clientSecret: 'demo-client-secret',
				scope: '',
				authentication: 'body',
			},
		},
		{
			id: CREDENTIAL_IDS.anz,
			name: 'anzSalesIntelligenceApi',
			type: 'anzSalesIntelligenceApi',
			data: {
				api: 'service',
				serviceUrl: `${urls.enrichment}/anz`,
				baseUrl: '',
				apiKey: 'anz-demo-key',
				requestsPerSecond: settings.anzPerSecond,
			},
		},
		{
			id: CREDENTIAL_IDS.anzHeader,
			name: 'ANZ header',
			type: 'httpHeaderAuth',
			data: { name: 'Authorization', value: 'Bearer anz-demo-key' },
		},
		{
			id: CREDENTIAL_IDS.global,
			name: 'globalEnrichmentApi',
			type: 'globalEnrichmentApi',
			data: {
				api: 'service',
				serviceUrl: `${urls.enrichment}/global`,
				baseUrl: '',
				apiKey: 'global-demo-key',
				callsInFlight: settings.globalInFlight,
			},
		},
		{
			id: CREDENTIAL_IDS.globalHeader,
			name: 'Global header',
			type: 'httpHeaderAuth',
			data: { name: 'api_key', value: 'global-demo-key' },
		},
	];
}
