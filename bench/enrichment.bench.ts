/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a local benchmark, never shipped */
/**
 * Enriching 1,000 contacts of which 200 repeat (same e-mail, other letter case), against the
 * simulated services with a fixed latency per call. For each way of doing the job: HTTP calls
 * made, records the service looked up, credits spent and wall time, next to the minimum (every
 * unique identity looked up once, in batches of the service's maximum).
 *
 * Each node runs on both APIs its credential offers: the service's own API (the default: batches of
 * 100 on the global service's V3, one GET per person on the ANZ service) and the connection
 * contract of the specification.
 *
 * "Per item" is what a node that makes one request per input item does (the core enrichment
 * nodes all work that way): here the same job done through the node's own API Call operation,
 * one `POST /person` per item, nothing merged.
 */
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import type { BenchModule } from './run';

const TOTAL = 1000;
const REPEATS = 200;
const UNIQUE = TOTAL - REPEATS;
const LATENCY_MS = 5;

async function run(): Promise<string> {
	process.env.N8N_USER_FOLDER ??= path.resolve(__dirname, '../.cache/bench-n8n');
	process.env.N8N_LOG_LEVEL ??= 'silent';
	process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS ??= 'false';
	process.env.N8N_DIAGNOSTICS_ENABLED ??= 'false';
	const { runWorkflow } = await import('../test/harness');
	const { startServices } = await import('../test/simulator');
	const { DEMO_GLOBAL_SEED, generateGlobalContacts } = await import(
		'../test/simulator/globalEnrichment'
	);
	const { DEMO_ANZ_SEED, generateAnzPeople } = await import(
		'../test/simulator/anzSalesIntelligence'
	);

	const contacts = generateGlobalContacts(UNIQUE);
	const people = generateAnzPeople(UNIQUE);
	const sim = await startServices({
		global: { ...DEMO_GLOBAL_SEED, contacts, credits: 1_000_000, latencyMs: LATENCY_MS },
		anz: { ...DEMO_ANZ_SEED, people, credits: 1_000_000, latencyMs: LATENCY_MS },
	});

	// Items 800..999 repeat items 0..199 in upper case: the same identity, typed differently.
	const globalItems = Array.from({ length: TOTAL }, (_, n) => {
		const email = `contact${n % UNIQUE}@bench.example.com`;
		return { email: n >= UNIQUE ? email.toUpperCase() : email };
	});
	const anzItems = Array.from({ length: TOTAL }, (_, n) => {
		const email = `person${n % UNIQUE}@bench.example.com.au`;
		return { email: n >= UNIQUE ? email.toUpperCase() : email };
	});
	const globalMinimumCredits = contacts.reduce((sum, c) => sum + (c.phone ? 2 : 1), 0);
	const anzMinimumCredits = people.reduce((sum, p) => sum + (p.phone ? 2 : 1), 0);

	const rows: string[][] = [];
	const row = (cells: Array<string | number>) => rows.push(cells.map(String));
	row(['service', 'api', 'way', 'calls', 'records looked up', 'credits', 'output items', 'wall']);

	const NODE = {
		global: {
			type: 'globalEnrichment',
			credential: 'globalEnrichmentApi',
			apiKey: 'global-demo-key',
		},
		anz: {
			type: 'anzSalesIntelligence',
			credential: 'anzSalesIntelligenceApi',
			apiKey: 'anz-demo-key',
		},
	};
	const byEmail = (resource: string, operation: string) => ({
		resource,
		operation,
		identifyBy: 'email',
		email: '={{ $json.email }}',
	});
	const perItem = (endpoint: string) => ({
		resource: 'apiCall',
		operation: 'request',
		method: 'POST',
		endpoint,
		body: '={{ JSON.stringify({ email: $json.email }) }}',
	});

	async function measure(
		service: 'global' | 'anz',
		api: 'service' | 'contract',
		way: string,
		parameters: Record<string, unknown>,
	) {
		const simulated = sim.services[service];
		const { type, credential, apiKey } = NODE[service];
		simulated.resetCounters();
		const started = Date.now();
		const result = await runWorkflow({
			nodes: { type, parameters: parameters as never, credentialTypes: [credential] },
			items: (service === 'global' ? globalItems : anzItems) as IDataObject[],
			credentials: {
				[credential]:
					api === 'contract'
						? { baseUrl: `${sim.url}/${service}`, apiKey }
						: { api, serviceUrl: `${sim.url}/${service}`, baseUrl: '', apiKey },
			},
		});
		const wall = Date.now() - started;
		if (result.error) throw result.error;
		row([
			service,
			api,
			way,
			simulated.calls.length,
			simulated.recordsLookedUp,
			simulated.creditsSpent,
			result.output().length,
			`${(wall / 1000).toFixed(2)} s`,
		]);
	}

	row([
		'global',
		'both',
		'minimum (800 unique, 100 per call)',
		Math.ceil(UNIQUE / 100),
		UNIQUE,
		globalMinimumCredits,
		TOTAL,
		'-',
	]);
	for (const api of ['service', 'contract'] as const) {
		await measure(
			'global',
			api,
			'Contact → Enrich (bulk, deduplicated)',
			byEmail('contact', 'enrich'),
		);
		await measure('global', api, 'Contact → Find (deduplicated)', byEmail('contact', 'find'));
	}
	await measure('global', 'contract', 'per item (1 POST /person per item)', perItem('/person'));
	row([
		'anz',
		'both',
		'minimum (800 unique, no bulk endpoint)',
		UNIQUE,
		UNIQUE,
		anzMinimumCredits,
		TOTAL,
		'-',
	]);
	for (const api of ['service', 'contract'] as const) {
		await measure('anz', api, 'Person → Enrich (deduplicated)', byEmail('person', 'enrich'));
	}
	await measure(
		'anz',
		'contract',
		'per item (1 POST /enrich/person per item)',
		perItem('/enrich/person'),
	);

	await sim.close();
	const widths = rows[0].map((_, column) => Math.max(...rows.map((r) => r[column].length)));
	const table = rows.map((r) =>
		r
			.map((cell, column) => cell.padEnd(widths[column]))
			.join('  ')
			.trimEnd(),
	);
	return [
		`${TOTAL} input items, ${REPEATS} of them repeats (other letter case) of earlier ones; ${LATENCY_MS} ms simulated latency per call.`,
		`Credits: a contact with a phone number costs 2, else 1 (${contacts.filter((c) => c.phone).length} of ${UNIQUE} global, ${people.filter((p) => p.phone).length} of ${UNIQUE} anz have one).`,
		`The ANZ service allows 50 requests per second per key, so its ${UNIQUE} unique lookups take at least ${UNIQUE / 50} s; the nodes keep every call they send to their credential's rate (ANZ: 20 Lookups per Second by default), the per-item API Call included.`,
		'',
		...table,
	].join('\n');
}

const bench: BenchModule = { title: 'Enrichment: 1,000 contacts, 200 repeats', run };
export default bench;
