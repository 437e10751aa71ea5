/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test tooling, never shipped */
/**
 * Each single-service package alone in a fresh n8n, as a user installs it: its packed tarball
 * (built from `dist/` by scripts/servicePackageBuild.ts) installed into an empty user folder, n8n
 * loads exactly its nodes (with their AI-tool variants) and its credentials and none of the other
 * services', and its demo workflow runs to success against the simulator. The four are installed
 * and started two at a time (an n8n start waits on the disk and on n8n's own timers much of its
 * time; four at once beside the other files starved each other's database pings on a 2-core
 * machine), each checked on its own. Time per package printed.
 */
import fs from 'node:fs';
import path from 'node:path';

import adminDemo from '../../examples/admin-demo.json';
import anzDemo from '../../examples/enrichment-anz-demo.json';
import globalDemo from '../../examples/global-enrichment-demo.json';
import marketingDemo from '../../examples/marketing-demo.json';
import { DEMO_CREDENTIALS } from '../../scripts/dev';
import { CACHE_DIR, N8N_VERSION, REPO_ROOT, run } from '../../scripts/n8n';
import { readManifest } from '../../scripts/package';
import { buildServicePackages } from '../../scripts/servicePackageBuild';
import { SERVICE_PACKAGES, type ServicePackage } from '../../scripts/servicePackages';
import { moveWorkflows } from '../../scripts/workflowTypes';
import { expectPackageNodesGaveItems, loadedTypes } from './loaded';
import { startE2e, type E2e } from './runner';

const SERVER_START_MS = 240_000;
const OUT_DIR = path.join(CACHE_DIR, 'service-packages');

interface Workflow {
	id: string;
	name: string;
	nodes: Array<{ name: string; type: string; credentials?: Record<string, unknown> }>;
}

const DEMOS: Record<string, Workflow> = {
	'n8n-nodes-agent-platform-agents': adminDemo as Workflow,
	'n8n-nodes-agent-platform-marketing-automation': marketingDemo as Workflow,
	'n8n-nodes-agent-platform-anz-sales-intelligence': anzDemo as Workflow,
	'n8n-nodes-agent-platform-global-enrichment': globalDemo as Workflow,
};

/** The credential type a registered credential file defines (read from the pack's built class). */
function credentialName(file: string): string {
	const className = path.basename(file).replace(/\.credentials\.js$/, '');
	const Class = (require(path.join(REPO_ROOT, file)) as Record<string, new () => { name: string }>)[
		className
	];
	return new Class().name;
}

/** The node types n8n should list for a package: each node, and `<name>Tool` if usable as a tool. */
function expectedNodes(pkg: ServicePackage): string[] {
	return pkg.nodes.flatMap((file) => {
		const className = path.basename(file).replace(/\.node\.js$/, '');
		const Class = (
			require(path.join(REPO_ROOT, file)) as Record<
				string,
				new () => { description: { name: string; usableAsTool?: boolean } }
			>
		)[className];
		const { name, usableAsTool } = new Class().description;
		return usableAsTool ? [name, `${name}Tool`] : [name];
	});
}

/** Each package's n8n, being started (two at a time, once the tarballs are packed). */
const starting = new Map<string, Promise<E2e>>();
const AT_ONCE = 2;
let started = 0;

beforeAll(async () => {
	fs.rmSync(OUT_DIR, { recursive: true, force: true });
	const version = readManifest().version;
	started = Date.now();
	const inOrder: Array<Promise<unknown>> = [];
	for (const built of buildServicePackages(OUT_DIR)) {
		await run('npm', ['pack', '--ignore-scripts', '--pack-destination', OUT_DIR], {
			cwd: built.dir,
			timeoutMs: 120_000,
		});
		const tarball = path.join(OUT_DIR, `${built.pkg.name}-${version}.tgz`);
		// Starts once the start AT_ONCE places before it has ended (either way).
		const turn = inOrder.at(-AT_ONCE) ?? Promise.resolve();
		const e2e = turn.then(async () => {
			const instance = await startE2e({ tarball, commandTimeoutMs: SERVER_START_MS, editor: true });
			await instance.startServer();
			return instance;
		});
		// Awaited by the package's own tests: a failure is theirs, not an unhandled rejection here.
		inOrder.push(e2e.catch(() => undefined));
		starting.set(built.pkg.name, e2e);
	}
}, SERVER_START_MS);

afterAll(() => {
	fs.rmSync(OUT_DIR, { recursive: true, force: true });
});

const allCredentials = SERVICE_PACKAGES.flatMap((pkg) => pkg.credentials).map(credentialName);

describe.each(SERVICE_PACKAGES.map((pkg) => [pkg.name, pkg] as const))(
	`%s alone in a fresh n8n ${N8N_VERSION} (e2e)`,
	(name, pkg) => {
		let e2e: E2e;
		const credential = credentialName(pkg.credentials[0]);
		const demo = moveWorkflows(DEMOS[name]).workflows as Workflow;

		beforeAll(async () => {
			e2e = await starting.get(name)!;
			const demoCredential = DEMO_CREDENTIALS[credential];
			await e2e.importCredentials([
				{
					id: demoCredential.id,
					name: demoCredential.name,
					type: credential,
					data: demoCredential.data(e2e.sim.url),
				},
			]);
			await e2e.importWorkflow(demo);
			// Its own start, after the one before it in its place.
		}, 2 * SERVER_START_MS);

		afterAll(async () => {
			await e2e?.stop();
			process.stdout.write(
				`[packages] ${name}: install, load and run in ${((Date.now() - started) / 1000).toFixed(1)} s (side by side)\n`,
			);
		});

		it(`runs the demo to success, every node of ${name} with output`, async () => {
			const run = await e2e.execute(demo.id);
			expect({ exitCode: run.exitCode, status: run.status, error: run.error?.message }).toEqual({
				exitCode: 0,
				status: 'success',
				error: undefined,
			});
			expectPackageNodesGaveItems(run, demo, name);
		});

		it(
			'loads exactly its nodes and its credentials, none of the other services',
			async () => {
				const loaded = await loadedTypes(e2e);
				const community = loaded.nodes.filter(
					(type) => !type.startsWith('n8n-nodes-base.') && !type.startsWith('@n8n/'),
				);
				expect(community.sort()).toEqual(
					expectedNodes(pkg)
						.map((node) => `${name}.${node}`)
						.sort(),
				);
				expect(allCredentials.filter((c) => loaded.credentials.includes(c)).sort()).toEqual(
					pkg.credentials.map(credentialName).sort(),
				);
			},
			SERVER_START_MS + 60_000,
		);
	},
);
