/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test of the built packages, never shipped */
/**
 * The five packages as they would be published: the pack (the repository root with its `dist/`)
 * and the four single-service packages `npm run build:packages` writes (built here into a temporary
 * folder from the pack's `dist/`, so run `npm run build` first). Each has the package.json fields
 * n8n's verification asks for, registers only its own nodes, and ships exactly the files its nodes
 * require: every require resolves inside the package or to n8n-workflow and n8n's allow-list.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { listFiles } from '../scripts/files';
import { ALLOWED_MODULES, requireClosure } from '../scripts/requireClosure';
import {
	buildServicePackages,
	writeCommittedManifests,
	type BuiltPackage,
} from '../scripts/servicePackageBuild';
import { PACK_NAME, SERVICE_PACKAGES } from '../scripts/servicePackages';

const ROOT = path.resolve(__dirname, '..');

interface Manifest {
	name: string;
	version: string;
	license: string;
	description: string;
	keywords: string[];
	homepage: string;
	bugs: { url: string };
	author: { name: string; email: string };
	repository: { url: string };
	files: string[];
	scripts?: Record<string, string>;
	dependencies?: unknown;
	overrides?: unknown;
	peerDependencies: unknown;
	n8n: { n8nNodesApiVersion: number; strict: boolean; nodes: string[]; credentials: string[] };
}

const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
const pack = readJson<Manifest>(path.join(ROOT, 'package.json'));

let outDir: string;
let built: BuiltPackage[];

beforeAll(() => {
	if (!fs.existsSync(path.join(ROOT, 'dist'))) throw new Error('Run `npm run build` first.');
	outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'service-packages-'));
	built = buildServicePackages(outDir);
});

afterAll(() => {
	if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

const folders = () => [
	{ name: PACK_NAME, dir: ROOT },
	...built.map((entry) => ({ name: entry.pkg.name, dir: entry.dir })),
];

describe.each([PACK_NAME, ...SERVICE_PACKAGES.map((pkg) => pkg.name)])('%s', (name) => {
	const folder = () => folders().find((entry) => entry.name === name)!;
	const manifest = () => readJson<Manifest>(path.join(folder().dir, 'package.json'));

	it("has the package.json n8n's verification asks for", () => {
		const m = manifest();
		expect(m.name).toBe(name);
		expect(m.name).toMatch(/^n8n-nodes-[a-z0-9-]+$/);
		expect(m.version).toBe(pack.version);
		expect(m.license).toBe('MIT');
		expect(m.description.length).toBeGreaterThan(40);
		expect(m.keywords).toContain('n8n-community-node-package');
		expect(m.repository.url).toBe(pack.repository.url);
		expect(m.homepage).toBe(pack.homepage);
		expect(m.bugs).toEqual(pack.bugs);
		expect(m.author).toEqual(pack.author);
		expect(m.files).toContain('dist');
		expect(m.n8n.n8nNodesApiVersion).toBe(1);
		expect(m.n8n.strict).toBe(true);
		expect(m.dependencies).toBeUndefined();
		expect(m.overrides).toBeUndefined();
		expect(m.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) {
			expect(m.scripts?.[script]).toBeUndefined();
		}
		expect(fs.existsSync(path.join(folder().dir, 'LICENSE.md'))).toBe(true);
	});

	it('registers only its own nodes and credentials, and ships no other', () => {
		const m = manifest();
		const own = SERVICE_PACKAGES.find((pkg) => pkg.name === name);
		const expected = own
			? { nodes: own.nodes, credentials: own.credentials }
			: {
					nodes: SERVICE_PACKAGES.flatMap((pkg) => pkg.nodes),
					credentials: SERVICE_PACKAGES.flatMap((pkg) => pkg.credentials),
				};
		expect({ nodes: [...m.n8n.nodes].sort(), credentials: [...m.n8n.credentials].sort() }).toEqual({
			nodes: [...expected.nodes].sort(),
			credentials: [...expected.credentials].sort(),
		});
		const shipped = listFiles(path.join(folder().dir, 'dist'))
			.map((file) => path.relative(folder().dir, file))
			.filter((file) => /\.(node|credentials)\.js$/.test(file))
			.sort();
		expect(shipped).toEqual([...m.n8n.nodes, ...m.n8n.credentials].sort());
	});

	it('resolves every require inside the package or to the allow-list, with every icon', () => {
		const m = manifest();
		const closure = requireClosure(folder().dir, [...m.n8n.nodes, ...m.n8n.credentials]);
		expect(closure.problems).toEqual([]);
		expect(closure.modules.filter((module) => !ALLOWED_MODULES.includes(module))).toEqual([]);
		expect(closure.icons.length).toBeGreaterThanOrEqual(2);
	});
});

describe('the single-service packages', () => {
	it("have their package.json committed in packages/<name>/, where n8n's scanner looks", () => {
		const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'service-manifests-'));
		try {
			writeCommittedManifests(fresh);
			for (const pkg of SERVICE_PACKAGES) {
				const committed = path.join(ROOT, 'packages', pkg.name, 'package.json');
				expect(fs.existsSync(committed)).toBe(true);
				// The version may trail the pack's after a release bump; the next build updates it.
				const expected = readJson<Manifest>(path.join(fresh, pkg.name, 'package.json'));
				const manifest = readJson<Manifest>(committed);
				expect(manifest.version).toMatch(/^\d+\.\d+\.\d+/);
				expect({ ...manifest, version: expected.version }).toEqual(expected);
				// The published package.json is the committed one at the pack's version.
				const published = path.join(built.find((b) => b.pkg === pkg)!.dir, 'package.json');
				expect(readJson(published)).toEqual({ ...expected, version: pack.version });
			}
		} finally {
			fs.rmSync(fresh, { recursive: true, force: true });
		}
	});

	it('ship exactly the compiled files their nodes require: nothing unused, nothing missing', () => {
		for (const entry of built) {
			const manifest = readJson<Manifest>(path.join(entry.dir, 'package.json'));
			const closure = requireClosure(entry.dir, [
				...manifest.n8n.nodes,
				...manifest.n8n.credentials,
			]);
			const shipped = listFiles(path.join(entry.dir, 'dist'))
				.map((file) => path.relative(entry.dir, file))
				.sort();
			expect({ name: entry.pkg.name, files: shipped }).toEqual({
				name: entry.pkg.name,
				files: [...closure.files, ...closure.icons].sort(),
			});
		}
	});

	it('share out the pack: every node and credential in exactly one of them', () => {
		const nodes = built.flatMap((entry) => entry.pkg.nodes);
		const credentials = built.flatMap((entry) => entry.pkg.credentials);
		expect([...nodes].sort()).toEqual([...pack.n8n.nodes].sort());
		expect([...credentials].sort()).toEqual([...pack.n8n.credentials].sort());
	});

	it('use the shared core only where they need it', () => {
		const uses = (name: string, folder: string) =>
			built
				.find((entry) => entry.pkg.name === name)!
				.closure.files.some((file) => file.startsWith(folder));
		expect(uses('n8n-nodes-agent-platform-agents', 'dist/nodes/enrichment/')).toBe(false);
		expect(uses('n8n-nodes-agent-platform-marketing-automation', 'dist/nodes/enrichment/')).toBe(
			false,
		);
		expect(uses('n8n-nodes-agent-platform-global-enrichment', 'dist/nodes/enrichment/')).toBe(true);
		expect(
			uses('n8n-nodes-agent-platform-anz-sales-intelligence', 'dist/nodes/MarketingAutomation/'),
		).toBe(false);
		for (const entry of built) expect(uses(entry.pkg.name, 'dist/nodes/shared/')).toBe(true);
	});

	it("have a README in the template's sections, about their own service", () => {
		for (const entry of built) {
			const readme = fs.readFileSync(path.join(entry.dir, 'README.md'), 'utf8');
			const headings = [...readme.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
			expect(headings).toEqual([
				'Installation',
				'Operations',
				'Credentials',
				'Compatibility',
				'Usage',
				'Resources',
				'Version history',
				'License',
			]);
			expect(readme).toContain(`enter \`${entry.pkg.name}\``);
			for (const other of SERVICE_PACKAGES.filter((pkg) => pkg !== entry.pkg)) {
				for (const section of other.operationSections.filter(
					(s) => !entry.pkg.operationSections.includes(s),
				)) {
					expect(readme).not.toContain(`### ${section}\n`);
				}
			}
			// Links into the repository are absolute: the package ships no docs/.
			expect(readme).not.toMatch(/\]\(docs\//);
			for (const example of entry.examples) expect(readme).toContain(`](${example})`);
		}
	});

	it("ship the pack's examples that use only their service, with their own node types", () => {
		expect(Object.fromEntries(built.map((entry) => [entry.pkg.name, entry.examples]))).toEqual({
			'n8n-nodes-agent-platform-agents': [
				'examples/admin-demo.json',
				'examples/agent-workforce-demo.json',
			],
			'n8n-nodes-agent-platform-marketing-automation': [
				'examples/marketing-bulk-demo.json',
				'examples/marketing-demo.json',
				'examples/marketing-objects-demo.json',
				'examples/marketing-trigger-demo.json',
			],
			'n8n-nodes-agent-platform-anz-sales-intelligence': ['examples/enrichment-anz-demo.json'],
			'n8n-nodes-agent-platform-global-enrichment': ['examples/global-enrichment-demo.json'],
		});
		for (const entry of built) {
			for (const example of entry.examples) {
				const workflow = readJson<{ nodes: Array<{ type: string }> }>(
					path.join(entry.dir, example),
				);
				const types = workflow.nodes.map((node) => node.type);
				expect(types.filter((type) => !type.startsWith('n8n-nodes-base.'))).toEqual(
					types.filter((type) => type.startsWith(`${entry.pkg.name}.`)),
				);
				expect(types.some((type) => type.startsWith(`${entry.pkg.name}.`))).toBe(true);
			}
		}
	});
});
