/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, never shipped */
/**
 * No secret leaves its header: a real n8n runs the nodes with keys and client secrets of its own
 * (good and bad input, a refused key, refused endpoints), then n8n's SQLite database
 * (`<userFolder>/.n8n/database.sqlite`, read as bytes), every log and file n8n wrote, and what the
 * commands printed are searched for each key, client secret and access token used.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { DEMO_ADMIN_SEED } from '../simulator';
import { startE2e, type E2e, type E2eRun } from './runner';

/** Made up per run, so a match can only come from this run. */
const made = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;
const ADMIN_KEY = made('sk-admin');
const WRONG_ADMIN_KEY = made('sk-wrong');
const CLIENT_ID = made('client');
const CLIENT_SECRET = made('client-secret');
const ANZ_KEY = made('anz-key');
const GLOBAL_KEY = made('global-key');

const PKG = 'n8n-nodes-agent-platform';
const node = (
	name: string,
	type: string,
	x: number,
	parameters: Record<string, unknown>,
	credentials?: Record<string, { id: string; name: string }>,
) => ({
	id: `5e1f0c52-0d6e-4a51-9f3c-${String(x).padStart(12, '0')}`,
	name,
	type,
	typeVersion: type.endsWith('.set') ? 3.4 : 1,
	position: [x, 0],
	parameters,
	...(credentials ? { credentials } : {}),
	...(type.startsWith(PKG) ? { continueOnFail: true } : {}),
});
const chain = (names: string[]) =>
	Object.fromEntries(
		names
			.slice(0, -1)
			.map((name, i) => [name, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]),
	);

/** Items: a good value, then hostile ones (CRLF with a header, unicode, an object, a huge string). */
const ITEMS = `={{ [
	{ email: 'ana@example.com', userId: 'usr-sam', endpoint: '/rest/v1/lists.json' },
	{ email: 'bad\\r\\nAuthorization: Bearer x@example.com', userId: '..', endpoint: '/identity/oauth/token' },
	{ email: 'ünï@exämple.com', userId: 'usr-\\u0000', endpoint: '/rest/%2E%2E/identity/oauth/token' },
	{ email: { nested: true }, userId: { id: 7 }, endpoint: 'http://127.0.0.1:9/rest/v1/lists.json' },
	{ email: 'x'.repeat(100000), userId: 'x'.repeat(100000), endpoint: '/rest/v1/' + 'x'.repeat(100000) },
] }}`;

function workflow(id: string, steps: Array<ReturnType<typeof node>>) {
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', 0, {}),
		node('Items', 'n8n-nodes-base.set', 200, {
			mode: 'manual',
			assignments: { assignments: [{ id: 'items', name: 'items', type: 'array', value: ITEMS }] },
			options: {},
		}),
		node('One Per Item', 'n8n-nodes-base.splitOut', 400, {
			fieldToSplitOut: 'items',
			options: {},
		}),
		...steps,
	];
	nodes[2].typeVersion = 1;
	return {
		id,
		name: `Secrets ${id}`,
		active: false,
		nodes,
		connections: chain(nodes.map((n) => n.name)),
		settings: { executionOrder: 'v1', saveManualExecutions: true },
	};
}

const adminCredential = { agentPlatformApi: { id: 'e2eSecretAdmin01', name: 'Admin' } };
const wrongCredential = { agentPlatformApi: { id: 'e2eSecretAdmin02', name: 'Admin (wrong key)' } };
const marketingCredential = { marketingAutomationApi: { id: 'e2eSecretMkt0001', name: 'Mkt' } };
const anzCredential = { anzSalesIntelligenceApi: { id: 'e2eSecretAnz0001', name: 'Anz' } };
const globalCredential = { globalEnrichmentApi: { id: 'e2eSecretGlb0001', name: 'Global' } };

const ADMIN_WORKFLOW = workflow('e2eSecretsAdmin01', [
	node(
		'Invite',
		`${PKG}.agentPlatformAdmin`,
		600,
		{
			resource: 'invite',
			operation: 'create',
			email: '={{ $json.email }}',
			roles: ['role:viewer'],
		},
		adminCredential,
	),
	node(
		'Update Role',
		`${PKG}.agentPlatformAdmin`,
		800,
		{
			resource: 'user',
			operation: 'updateRole',
			userId: "={{ $('One Per Item').item.json.userId }}",
			roles: ['admin'],
		},
		adminCredential,
	),
	node(
		'Wrong Key',
		`${PKG}.agentPlatformAdmin`,
		1000,
		{
			resource: 'user',
			operation: 'removeFromProject',
			userId: 'usr-kim',
		},
		wrongCredential,
	),
]);

const MARKETING_WORKFLOW = workflow('e2eSecretsMkt0001', [
	node(
		'API Call',
		`${PKG}.marketingAutomation`,
		600,
		{
			resource: 'apiCall',
			operation: 'send',
			method: 'GET',
			endpoint: "={{ $('One Per Item').item.json.endpoint }}",
		},
		marketingCredential,
	),
]);

const ENRICHMENT_WORKFLOW = workflow('e2eSecretsEnr0001', [
	node(
		'Person',
		`${PKG}.anzSalesIntelligence`,
		600,
		{
			resource: 'person',
			operation: 'enrich',
			identifyBy: 'email',
			email: "={{ $('One Per Item').item.json.email }}",
		},
		anzCredential,
	),
	node(
		'Contact',
		`${PKG}.globalEnrichment`,
		800,
		{
			resource: 'contact',
			operation: 'enrich',
			identifyBy: 'email',
			email: "={{ $('One Per Item').item.json.email }}",
		},
		globalCredential,
	),
]);

/** Every file under `dir` except the package install and the import files the test wrote. */
function writtenFiles(dir: string): string[] {
	const files: string[] = [];
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) {
			if (entry.name === 'nodes' || entry.name === 'node_modules') continue;
			files.push(...writtenFiles(full));
		} else if (!/^import-(credentials|workflow)-\d+\.json$/.test(entry.name)) {
			files.push(full);
		}
	}
	return files;
}

describe('secrets in a real n8n (e2e)', () => {
	let e2e: E2e;
	const runs: E2eRun[] = [];

	beforeAll(async () => {
		e2e = await startE2e({
			simulator: {
				admin: {
					...DEMO_ADMIN_SEED,
					apiKeys: [{ key: ADMIN_KEY, role: 'admin', organizationId: 'org-demo' }],
				},
				marketing: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
			},
		});
		e2e.sim.services.anz.apiKeys.add(ANZ_KEY);
		e2e.sim.services.global.apiKeys.add(GLOBAL_KEY);
		const demo = e2e.sim.services.admin.projects.get('proj-demo')!;
		demo.users['usr-sam'] = { email: 'sam@example.com', actions: { 'role:viewer': true } };
		await e2e.importCredentials([
			{
				id: 'e2eSecretAdmin01',
				name: 'Admin',
				type: 'agentPlatformApi',
				data: { region: 'custom', baseUrl: e2e.sim.url, projectId: 'proj-demo', apiKey: ADMIN_KEY },
			},
			{
				id: 'e2eSecretAdmin02',
				name: 'Admin (wrong key)',
				type: 'agentPlatformApi',
				data: {
					region: 'custom',
					baseUrl: e2e.sim.url,
					projectId: 'proj-demo',
					apiKey: WRONG_ADMIN_KEY,
				},
			},
			{
				id: 'e2eSecretMkt0001',
				name: 'Mkt',
				type: 'marketingAutomationApi',
				data: {
					restEndpoint: `${e2e.sim.url}/rest/`,
					clientId: CLIENT_ID,
					clientSecret: CLIENT_SECRET,
				},
			},
			{
				id: 'e2eSecretAnz0001',
				name: 'Anz',
				type: 'anzSalesIntelligenceApi',
				data: { api: 'service', serviceUrl: `${e2e.sim.url}/anz/`, baseUrl: '', apiKey: ANZ_KEY },
			},
			{
				id: 'e2eSecretGlb0001',
				name: 'Global',
				type: 'globalEnrichmentApi',
				data: {
					api: 'service',
					serviceUrl: `${e2e.sim.url}/global`,
					baseUrl: '',
					apiKey: GLOBAL_KEY,
				},
			},
		]);
		const workflows = [ADMIN_WORKFLOW, MARKETING_WORKFLOW, ENRICHMENT_WORKFLOW];
		await e2e.importWorkflow(workflows);
		for (const { id } of workflows) runs.push(await e2e.execute(id));
	});

	afterAll(async () => {
		await e2e?.stop();
	});

	it('ran every node: good items went through, hostile ones failed without a call', () => {
		const [admin, marketing, enrichment] = runs;
		expect(admin.status).toBe('success');
		expect(admin.items('Invite').map((item) => (item.error ? 'error' : 'ok'))).toEqual([
			'ok',
			'error',
			'error',
			'error',
			'error',
		]);
		expect(admin.items('Wrong Key')[0].error).toEqual(expect.any(String));
		expect(marketing.items('API Call').map((item) => (item.error ? 'error' : 'ok'))).toEqual([
			'ok',
			'error',
			'error',
			'error',
			'error',
		]);
		// The enrichment nodes ran on the good item (looked up once) and refused the others.
		expect(enrichment.status).toBe('success');
		expect(enrichment.items('Person')[0].error).toBeUndefined();
		expect(enrichment.items('Contact')[0].error).toBeUndefined();
		for (const item of [...enrichment.items('Person'), ...enrichment.items('Contact')].filter(
			(json) => json.error,
		)) {
			expect(item.error).toMatch(/item [1-4]/);
		}
		// The hostile items cost no call: one invite, one role update and one marketing call for the
		// good item.
		expect(e2e.sim.services.admin.calls.map((call) => `${call.path} ${call.status}`)).toEqual([
			'/latest/auth/invite/create 200',
			'/latest/auth/users/usr-sam/update 200',
			// Valid input with a refused key: one call per item, each refused.
			...Array.from({ length: 5 }, () => '/latest/auth/users/usr-kim/delete 401'),
		]);
		expect(e2e.sim.services.marketing.calls.map((call) => call.path)).toEqual([
			'/rest/v1/lists.json',
		]);
	});

	it('no key, client secret or access token in the database, logs, files or output', () => {
		const tokens = (
			e2e.sim.services.marketing as unknown as { tokens: Array<{ value: string }> }
		).tokens.map((token) => token.value);
		expect(tokens.length).toBeGreaterThan(0);
		const secrets = [ADMIN_KEY, WRONG_ADMIN_KEY, CLIENT_SECRET, ANZ_KEY, GLOBAL_KEY, ...tokens];
		// Every key was used (so not finding it means something).
		expect(e2e.sim.services.anz.calls.map((call) => call.apiKey)).toContain(ANZ_KEY);
		expect(e2e.sim.services.global.calls.map((call) => call.apiKey)).toContain(GLOBAL_KEY);

		// SQLite keeps recent writes in its write-ahead log until a checkpoint: read both.
		const database = path.join(e2e.userFolder, '.n8n', 'database.sqlite');
		const stored = Buffer.concat(
			[database, `${database}-wal`]
				.filter((file) => fs.existsSync(file))
				.map((file) => fs.readFileSync(file)),
		);
		// The executions were stored (so the search covers them): the hostile e-mail is there.
		expect(stored.includes(Buffer.from('exämple.com'))).toBe(true);

		const places: Array<[string, Buffer]> = [
			...writtenFiles(e2e.userFolder).map((file): [string, Buffer] => [
				path.relative(e2e.userFolder, file),
				fs.readFileSync(file),
			]),
			...runs.flatMap(
				(result, i): Array<[string, Buffer]> => [
					[`run ${i} stdout`, Buffer.from(result.stdout)],
					[`run ${i} stderr`, Buffer.from(result.stderr)],
				],
			),
		];
		expect(places.map(([name]) => name)).toContain(path.join('.n8n', 'database.sqlite'));
		const found = places.flatMap(([name, bytes]) =>
			secrets
				.filter((secret) => bytes.includes(Buffer.from(secret)))
				.map((secret) => `${secret.slice(0, 8)}… in ${name}`),
		);
		expect(found).toEqual([]);
	});
});
