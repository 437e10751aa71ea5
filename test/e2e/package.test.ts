/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @typescript-eslint/no-require-imports -- test tooling, never shipped */
/**
 * The package as a user installs it, in a fresh n8n of the version under test (`N8N_VERSION`,
 * default the newest 2.x; `npm run test:compat` runs the oldest supported one):
 * - the packed tarball holds only `dist/`, README, licence and package.json (its size is printed);
 * - installed into a fresh user folder's `.n8n/nodes`, every node and credential the package
 *   registers is loaded by n8n, and every node marked `usableAsTool` also as its AI-tool variant;
 * - every action node runs an operation: the demo workflows from `examples/` run to success
 *   against the simulator (the trigger is loaded here; its polls run in
 *   MarketingAutomationTrigger.test.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import adminDemo from '../../examples/admin-demo.json';
import anzDemo from '../../examples/enrichment-anz-demo.json';
import globalDemo from '../../examples/enrichment-global-demo.json';
import marketingDemo from '../../examples/marketing-demo.json';
import { DEMO_CREDENTIALS } from '../../scripts/dev';
import { N8N_VERSION, REPO_ROOT } from '../../scripts/n8n';
import { readManifest } from '../../scripts/package';
import { expectPackageNodesGaveItems, loadedTypes } from './loaded';
import { startE2e, type E2e } from './runner';

const manifest = readManifest();
const SERVER_START_MS = 240_000;

interface DemoWorkflow {
	id: string;
	name: string;
	nodes: Array<{ name: string; type: string }>;
}

const DEMOS = [adminDemo, marketingDemo, anzDemo, globalDemo] as DemoWorkflow[];

/** What the package registers, read from the built classes in `dist/`. */
function registered() {
	const load = (file: string) => {
		const className = path.basename(file).replace(/\.(node|credentials)\.js$/, '');
		const Class = (require(path.join(REPO_ROOT, file)) as Record<string, new () => unknown>)[
			className
		];
		return new Class();
	};
	const nodes = (manifest.n8n.nodes ?? []).map(
		(file) => (load(file) as { description: { name: string; usableAsTool?: boolean } }).description,
	);
	const credentials = (manifest.n8n.credentials ?? []).map(
		(file) => (load(file) as { name: string }).name,
	);
	return { nodes, credentials };
}

describe(`the packed package in a fresh n8n ${N8N_VERSION} (e2e)`, () => {
	let e2e: E2e;

	beforeAll(async () => {
		// n8n start takes 9 s on a quiet machine and minutes on a loaded 2-core one.
		e2e = await startE2e({ commandTimeoutMs: SERVER_START_MS, editor: true });
		await e2e.importCredentials(
			Object.entries(DEMO_CREDENTIALS).map(([type, credential]) => ({
				id: credential.id,
				name: credential.name,
				type,
				data: credential.data(e2e.sim.url),
			})),
		);
		await e2e.importWorkflow(DEMOS);
	});

	afterAll(async () => {
		await e2e?.stop();
	});

	it('is a tarball of dist/, README, licence and package.json only (size printed)', () => {
		const listing = spawnSync('tar', ['-tzf', e2e.tarball], { encoding: 'utf8' });
		expect(listing.status).toBe(0);
		const files = listing.stdout.trim().split('\n');
		const outside = files.filter(
			(file) => !/^package\/(dist\/.+|README\.md|LICENSE\.md|package\.json)$/.test(file),
		);
		expect(outside).toEqual([]);
		for (const file of [...(manifest.n8n.nodes ?? []), ...(manifest.n8n.credentials ?? [])]) {
			expect(files).toContain(`package/${file}`);
		}
		const bytes = fs.statSync(e2e.tarball).size;
		process.stdout.write(
			`[package] ${path.basename(e2e.tarball)}: ${(bytes / 1024).toFixed(1)} kB packed, ${files.length} files\n`,
		);
		expect(bytes).toBeGreaterThan(0);
	});

	it.each(DEMOS.map((demo) => [demo.name, demo] as const))(
		'runs the demo "%s" to success, every package node with output',
		async (_name, demo) => {
			const run = await e2e.execute(demo.id);
			// n8n 1.x prints the run before setting its final status (it still says 'running'), but
			// with `finished: true`; n8n 2.x says 'success'. A failed run exits 1 with an error.
			const succeeded =
				run.status === 'success' || (run.status === 'running' && run.raw.finished === true);
			expect({ exitCode: run.exitCode, succeeded, error: run.error?.message }).toEqual({
				exitCode: 0,
				succeeded: true,
				error: undefined,
			});
			expectPackageNodesGaveItems(run, demo, manifest.name);
		},
	);

	it(
		'loads every node (and its AI-tool variant) and every credential of the package',
		async () => {
			const loaded = await loadedTypes(e2e);
			const prefix = `${manifest.name}.`;
			const loadedNodes = new Set(
				loaded.nodes
					.filter((name) => name.startsWith(prefix))
					.map((name) => name.slice(prefix.length)),
			);
			const loadedCredentials = new Set(loaded.credentials);

			const expected = registered();
			const wantedNodes = expected.nodes.flatMap((node) =>
				node.usableAsTool ? [node.name, `${node.name}Tool`] : [node.name],
			);
			expect([...loadedNodes].sort()).toEqual(expect.arrayContaining(wantedNodes.sort()));
			expect([...loadedCredentials]).toEqual(expect.arrayContaining(expected.credentials));
			process.stdout.write(
				`[package] n8n ${N8N_VERSION} loaded ${wantedNodes.length} node types and ${expected.credentials.length} credentials of ${manifest.name}\n`,
			);
		},
		SERVER_START_MS + 60_000,
	);
});
