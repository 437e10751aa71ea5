/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, never shipped */
/**
 * Bulk Import and Bulk Extract in a real n8n, installed from the packed tarball, against the bulk
 * simulator: 10,000 leads imported from items and 10,000 from a CSV file made by n8n's Convert to
 * File node, all into one static list, then that list exported back as items. The simulator's jobs
 * take 0.5 s to start and process 20,000 rows a second, and refresh an export's status every 3 s
 * (the service: once a minute), which the extracts read at that pace (Status Check Interval); an
 * import's first status read comes after the node's own 5 s. The importable demo workflow runs in
 * MarketingBulkDemo.test.ts. n8n keeps binary data on disk
 * (`N8N_DEFAULT_BINARY_DATA_MODE=filesystem`, the mode n8n 3.0 keeps), so the CSV file read by
 * Bulk Import and the one written by Bulk Extract go through n8n's own binary store.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { DEMO_CLIENT } from '../simulator/marketing';
import { startE2e, type E2e } from './runner';

const LEADS = 10_000;
const LIST = { __rl: true, mode: 'list', value: '1003', cachedResultName: 'Imported leads' };
/** Installing the package into a fresh n8n folder takes minutes on a loaded machine. */
const SETUP_TIMEOUT_MS = 600_000;
const RUN_TIMEOUT_MS = 300_000;
const CREDENTIALS = { marketingAutomationApi: { id: 'e2eBulkCred01', name: 'E2E bulk' } };

/** A Set node that makes `count` leads `<prefix><i>@example.org`, and a Split Out into items. */
function makeLeads(name: string, prefix: string, count: number, x: number, broken = false) {
	const email = broken
		? `i === 0 ? 'broken-email' : '${prefix}' + i + '@example.org'`
		: `'${prefix}' + i + '@example.org'`;
	return [
		{
			id: `${name}-set`,
			name,
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [x, 0],
			parameters: {
				mode: 'manual',
				assignments: {
					assignments: [
						{
							id: 'leads',
							name: 'leads',
							type: 'array',
							value: `={{ Array.from({ length: ${count} }, (_, i) => ({ email: ${email}, firstName: 'Bulk', lastName: String(i) })) }}`,
						},
					],
				},
				options: {},
			},
			executeOnce: true,
		},
		{
			id: `${name}-split`,
			name: `${name} Items`,
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [x + 200, 0],
			parameters: { fieldToSplitOut: 'leads', options: {} },
		},
	];
}

function marketingNode(name: string, x: number, parameters: Record<string, unknown>) {
	return {
		id: `${name}-node`,
		name,
		type: 'n8n-nodes-agent-platform.marketingAutomation',
		typeVersion: 2,
		position: [x, 0],
		parameters,
		credentials: CREDENTIALS,
	};
}

const workflow = {
	id: 'e2eMktBulkWf01',
	name: 'Marketing bulk import and extract (e2e)',
	active: false,
	nodes: [
		{
			id: 'start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		...makeLeads('Item Leads', 'e2e-item', LEADS, 200, true),
		marketingNode('Import From Items', 600, {
			resource: 'bulkImport',
			operation: 'import',
			object: 'leads',
			source: 'items',
			lookupField: 'email',
			waitForCompletion: true,
			options: { list: LIST, timeLimit: 5 },
		}),
		...makeLeads('File Leads', 'e2e-file', LEADS, 800),
		{
			id: 'to-csv',
			name: 'To CSV File',
			type: 'n8n-nodes-base.convertToFile',
			typeVersion: 1.1,
			position: [1200, 0],
			parameters: {
				operation: 'csv',
				binaryPropertyName: 'data',
				options: { fileName: 'leads.csv' },
			},
		},
		marketingNode('Import From File', 1400, {
			resource: 'bulkImport',
			operation: 'import',
			object: 'leads',
			source: 'binary',
			binaryPropertyName: 'data',
			format: 'csv',
			lookupField: 'email',
			waitForCompletion: true,
			options: { list: LIST, timeLimit: 5 },
		}),
		{
			...marketingNode('Extract List', 1600, {
				resource: 'bulkExtract',
				operation: 'extract',
				object: 'leads',
				fields: 'id,email,firstName,lastName',
				leadFilter: 'staticList',
				list: LIST,
				output: 'items',
				waitForCompletion: true,
				options: { timeLimit: 5, statusInterval: 3 },
			}),
			executeOnce: true,
		},
	],
	connections: Object.fromEntries(
		[
			['Start', 'Item Leads'],
			['Item Leads', 'Item Leads Items'],
			['Item Leads Items', 'Import From Items'],
			['Import From Items', 'File Leads'],
			['File Leads', 'File Leads Items'],
			['File Leads Items', 'To CSV File'],
			['To CSV File', 'Import From File'],
			['Import From File', 'Extract List'],
		].map(([from, to]) => [from, { main: [[{ node: to, type: 'main', index: 0 }]] }]),
	),
	settings: { executionOrder: 'v1' },
};

/** The same list extracted as one CSV file into n8n's binary store. */
const fileWorkflow = {
	id: 'e2eMktBulkFile01',
	name: 'Marketing bulk extract to a file (e2e)',
	active: false,
	nodes: [
		{
			id: 'start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		marketingNode('Extract List As File', 200, {
			resource: 'bulkExtract',
			operation: 'extract',
			object: 'leads',
			fields: 'id,email,firstName,lastName',
			leadFilter: 'staticList',
			list: LIST,
			output: 'binary',
			binaryPropertyName: 'data',
			waitForCompletion: true,
			options: { timeLimit: 5, statusInterval: 3 },
		}),
	],
	connections: {
		Start: { main: [[{ node: 'Extract List As File', type: 'main', index: 0 }]] },
	},
	settings: { executionOrder: 'v1' },
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('marketing bulk jobs in n8n (e2e)', () => {
	let e2e: E2e;
	const credential = (id: string) => ({
		id,
		name: `E2E ${id}`,
		type: 'marketingAutomationApi',
		data: {
			restEndpoint: `${e2e.sim.url}/rest/`,
			clientId: DEMO_CLIENT.clientId,
			clientSecret: DEMO_CLIENT.clientSecret,
		},
	});

	beforeAll(async () => {
		e2e = await startE2e({
			// The service refreshes an export's status once a minute; the test's own extracts read every
			// 3 s from a simulator refreshing as often, to keep the run short (the demo keeps a minute).
			simulator: {
				marketing: { bulk: { startupMs: 500, rowsPerSecond: 20_000, statusRefreshMs: 3_000 } },
			},
			commandTimeoutMs: 280_000,
			// Binary data on the filesystem (SHARED_ENV): the last test reads the stored file.
			shared: true,
		});
		await e2e.importCredentials([credential('e2eBulkCred01')]);
		await e2e.importWorkflow([workflow, fileWorkflow]);
	}, SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await e2e?.stop();
	});

	it(
		'imports 20,000 leads from items and from a CSV file and extracts them back',
		async () => {
			const sim = e2e.sim.services.marketing;
			sim.resetCounters();
			const leadsBefore = sim.leads.size;

			const run = await e2e.execute(workflow.id);

			expect(run.error).toBeUndefined();
			expect(run.status).toBe('success');

			// From items: one job of 10,000 rows; the broken e-mail is the service's one failed row,
			// paired with the item it came from.
			const fromItems = run.fullItems('Import From Items');
			expect(fromItems).toHaveLength(2);
			expect(fromItems[0]).toMatchObject({
				json: {
					status: 'Complete',
					numOfLeadsProcessed: LEADS - 1,
					numOfRowsFailed: 1,
					numOfRowsWithWarning: 0,
					message: `Import completed with errors, ${LEADS - 1} records imported (${LEADS - 1} members), 1 failed`,
					fileName: 'leads-1.csv',
					rows: LEADS,
					firstRow: 1,
				},
				pairedItem: { item: 0 },
			});
			expect(fromItems[1]).toEqual({
				json: {
					batchId: fromItems[0].json.batchId,
					outcome: 'failed',
					reason: "Value for lookup field 'email' not found",
					row: { email: 'broken-email', firstName: 'Bulk', lastName: '0' },
				},
				pairedItem: { item: 0 },
			});

			// From the file: one job, every row imported.
			const fromFile = run.items('Import From File');
			expect(fromFile).toEqual([
				expect.objectContaining({
					status: 'Complete',
					numOfLeadsProcessed: LEADS,
					numOfRowsFailed: 0,
					numOfRowsWithWarning: 0,
					message: `Import succeeded, ${LEADS} records imported (${LEADS} members)`,
					fileName: 'leads-1.csv',
					rows: LEADS,
					firstRow: 1,
				}),
			]);
			expect(sim.leads.size - leadsBefore).toBe(2 * LEADS - 1);

			// The list read back: every imported lead once, with typed ids and the fields as imported.
			const rows = run.items('Extract List');
			expect(rows).toHaveLength(2 * LEADS - 1);
			const byEmail = new Map(rows.map((row) => [row.email, row]));
			expect(byEmail.size).toBe(2 * LEADS - 1);
			for (let i = 1; i < LEADS; i++) {
				expect(byEmail.has(`e2e-item${i}@example.org`)).toBe(true);
			}
			for (let i = 0; i < LEADS; i++) {
				expect(byEmail.has(`e2e-file${i}@example.org`)).toBe(true);
			}
			const last = byEmail.get(`e2e-file${LEADS - 1}@example.org`)!;
			expect(last).toEqual({
				id: [...sim.leads.values()].find((l) => l.email === `e2e-file${LEADS - 1}@example.org`)!.id,
				email: `e2e-file${LEADS - 1}@example.org`,
				firstName: 'Bulk',
				lastName: String(LEADS - 1),
			});

			// Two uploads, a few status reads, one failures file, one export job: dozens of calls,
			// where Create or Update would make 67.
			const bulkCalls = sim.calls.filter((c) => c.path.startsWith('/bulk/'));
			const count = (method: string, pattern: RegExp) =>
				bulkCalls.filter((c) => c.method === method && pattern.test(c.path)).length;
			expect(count('POST', /^\/bulk\/v1\/leads\.json$/)).toBe(2);
			expect(count('GET', /^\/bulk\/v1\/leads\/batch\/\d+\/failures\.json$/)).toBe(1);
			expect(count('GET', /^\/bulk\/v1\/leads\/batch\/\d+\/warnings\.json$/)).toBe(0);
			expect(count('POST', /^\/bulk\/v1\/leads\/export\/create\.json$/)).toBe(1);
			expect(count('POST', /^\/bulk\/v1\/leads\/export\/[^/]+\/enqueue\.json$/)).toBe(1);
			expect(count('GET', /^\/bulk\/v1\/leads\/export\/[^/]+\/file\.json$/)).toBe(1);
			expect(bulkCalls.length).toBeLessThan(20);
			expect(sim.callsTo('POST', '/rest/v1/leads.json')).toHaveLength(0);
			const exported = sim.bulk.exports.at(-1)!;
			expect(exported.numberOfRecords).toBe(2 * LEADS - 1);
			expect(sim.rejections()).toBe(0);
		},
		RUN_TIMEOUT_MS,
	);

	it(
		"keeps an extracted file in n8n's filesystem binary store, byte for byte",
		async () => {
			const sim = e2e.sim.services.marketing;
			// The list the first test filled; a fresh list would extract an empty file.
			const members = sim.lists.get(1003)?.members.size ?? 0;
			expect(members).toBeGreaterThan(0);
			sim.resetCounters();

			const run = await e2e.execute(fileWorkflow.id);

			expect(run.error).toBeUndefined();
			const [item] = run.fullItems('Extract List As File');
			const exported = sim.bulk.exports.at(-1)!;
			expect(item.json).toMatchObject({ status: 'Completed', numberOfRecords: members });
			const binary = (item.binary as Record<string, Record<string, unknown>>).data;
			expect(binary).toMatchObject({
				mimeType: 'text/csv',
				fileName: expect.stringMatching(/\.csv$/),
			});
			// Stored on disk by reference: the run holds the store's name, not the file's bytes.
			expect(binary.data).toMatch(/^filesystem(-v2)?$/);
			expect(String(binary.id)).toMatch(/^filesystem(-v2)?:/);
			// n8n 2.x keeps the store in `.n8n/storage`, n8n 1.x in `.n8n/binaryData`.
			const relative = String(binary.id).replace(/^filesystem(-v2)?:/, '');
			const stored = ['storage', 'binaryData']
				.map((root) => path.join(e2e.userFolder, '.n8n', root, relative))
				.filter((file) => fs.existsSync(file));
			expect(stored).toHaveLength(1);
			const onDisk = fs.readFileSync(stored[0]);
			expect(onDisk.length).toBe(exported.file!.length);
			expect(sha256(onDisk)).toBe(sha256(exported.file!));
			expect(onDisk.toString('utf8').split('\n')[0]).toBe('id,email,firstName,lastName');
		},
		RUN_TIMEOUT_MS,
	);
});
