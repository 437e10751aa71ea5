/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- local tooling, never shipped */
/**
 * Writes the single-service packages (scripts/servicePackages.ts) from the pack's build output:
 * `packages-dist/<name>/` holds the service's compiled nodes and credential with exactly the files
 * they require (scripts/requireClosure.ts), their icons, a package.json, a README, LICENSE.md and
 * the pack's example workflows that use only this service (node types moved to this package).
 * Needs `n8n-node build` first.
 */
import fs from 'node:fs';
import path from 'node:path';

import { requireClosure, type Closure } from './requireClosure';
import { packageReadme, type ReadmeExample } from './packageReadme';
import { PACK_NAME, SERVICE_PACKAGES, packageOfNode, type ServicePackage } from './servicePackages';
import { moveWorkflows } from './workflowTypes';

export const REPO_ROOT = path.resolve(__dirname, '..');
export const PACKAGES_DIR = path.join(REPO_ROOT, 'packages-dist');
/**
 * Committed copies of each package's package.json (`packages/<name>/package.json`). n8n's scanner
 * lints the source of the commit a package's provenance names, and finds it by looking for a
 * package.json with the package's name: without these, no single-service package would pass.
 */
export const MANIFESTS_DIR = path.join(REPO_ROOT, 'packages');

interface PackManifest {
	name: string;
	version: string;
	license: string;
	homepage: string;
	bugs: { url: string };
	author: { name: string; email: string };
	repository: { type: string; url: string };
	engines: Record<string, string>;
	n8n: { nodes: string[]; credentials: string[] };
	devDependencies: Record<string, string>;
}

export interface BuiltPackage {
	pkg: ServicePackage;
	/** `packages-dist/<name>`, absolute. */
	dir: string;
	closure: Closure;
	examples: string[];
}

const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/** The package.json of a single-service package: the pack's metadata, this service's nodes. */
export function serviceManifest(pkg: ServicePackage, pack: PackManifest) {
	return {
		name: pkg.name,
		version: pack.version,
		description: pkg.description,
		license: pack.license,
		homepage: pack.homepage,
		bugs: pack.bugs,
		keywords: ['n8n-community-node-package', 'n8n', ...pkg.keywords],
		author: pack.author,
		// The folder of the committed package.json, where n8n's scanner finds this package.
		repository: { ...pack.repository, directory: `packages/${pkg.name}` },
		engines: pack.engines,
		files: ['dist', 'examples'],
		scripts: { prepublishOnly: 'n8n-node prerelease' },
		n8n: {
			n8nNodesApiVersion: 1,
			strict: true,
			credentials: pkg.credentials,
			nodes: pkg.nodes,
		},
		devDependencies: { '@n8n/node-cli': pack.devDependencies['@n8n/node-cli'] },
		peerDependencies: { 'n8n-workflow': '*' },
	};
}

/** The pack's examples whose service nodes all belong to `pkg`, moved to its node types. */
function examplesOf(pkg: ServicePackage): Array<{ file: string; workflow: unknown; name: string }> {
	const dir = path.join(REPO_ROOT, 'examples');
	return fs
		.readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.flatMap((file) => {
			const workflow = readJson<{ name: string; nodes: Array<{ type: string }> }>(
				path.join(dir, file),
			);
			const ours = workflow.nodes
				.map((node) => node.type)
				.filter((type) => type.startsWith(`${PACK_NAME}.`));
			const onlyThisService = ours.every(
				(type) => packageOfNode(type.slice(PACK_NAME.length + 1))?.name === pkg.name,
			);
			if (ours.length === 0 || !onlyThisService) return [];
			return [{ file, workflow: moveWorkflows(workflow).workflows, name: workflow.name }];
		});
}

function copy(relative: string, targetDir: string) {
	const target = path.join(targetDir, relative);
	fs.mkdirSync(path.dirname(target), { recursive: true });
	fs.copyFileSync(path.join(REPO_ROOT, relative), target);
}

export function buildServicePackage(pkg: ServicePackage, outDir = PACKAGES_DIR): BuiltPackage {
	const pack = readJson<PackManifest>(path.join(REPO_ROOT, 'package.json'));
	const registered = [...pkg.nodes, ...pkg.credentials];
	const notInPack = registered.filter(
		(file) => !pack.n8n.nodes.includes(file) && !pack.n8n.credentials.includes(file),
	);
	if (notInPack.length > 0) throw new Error(`Not registered by the pack: ${notInPack.join(', ')}`);

	const closure = requireClosure(REPO_ROOT, registered);
	if (closure.problems.length > 0) {
		throw new Error(`${pkg.name}: unresolved requires:\n  ${closure.problems.join('\n  ')}`);
	}

	const dir = path.join(outDir, pkg.name);
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	for (const file of [...closure.files, ...closure.icons]) copy(file, dir);
	copy('LICENSE.md', dir);

	const examples = examplesOf(pkg);
	const readmeExamples: ReadmeExample[] = [];
	if (examples.length > 0) fs.mkdirSync(path.join(dir, 'examples'));
	for (const example of examples) {
		fs.writeFileSync(
			path.join(dir, 'examples', example.file),
			`${JSON.stringify(example.workflow, null, '\t')}\n`,
		);
		readmeExamples.push({ file: `examples/${example.file}`, name: example.name });
	}

	const credentialSource = fs.readFileSync(path.join(REPO_ROOT, pkg.credentials[0]), 'utf8');
	const credentialTitle = /displayName\s*=\s*["']([^"']+)["']/.exec(credentialSource)?.[1];
	if (!credentialTitle) throw new Error(`${pkg.credentials[0]}: no displayName found`);
	const repositoryUrl = pack.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
	fs.writeFileSync(
		path.join(dir, 'README.md'),
		packageReadme({
			pkg,
			packReadme: fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8'),
			packName: pack.name,
			repositoryUrl,
			credentialTitle,
			examples: readmeExamples,
		}),
	);
	fs.writeFileSync(
		path.join(dir, 'package.json'),
		`${JSON.stringify(serviceManifest(pkg, pack), null, 2)}\n`,
	);
	return { pkg, dir, closure, examples: readmeExamples.map((example) => example.file) };
}

/**
 * Writes each package's package.json to `packages/<name>/` (commit them): the version follows
 * the pack's at every build, the rest changes only with scripts/servicePackages.ts.
 */
export function writeCommittedManifests(dir = MANIFESTS_DIR): string[] {
	const pack = readJson<PackManifest>(path.join(REPO_ROOT, 'package.json'));
	return SERVICE_PACKAGES.map((pkg) => {
		const file = path.join(dir, pkg.name, 'package.json');
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, `${JSON.stringify(serviceManifest(pkg, pack), null, 2)}\n`);
		return file;
	});
}

/** Builds every single-service package into `outDir` (default `packages-dist/`). */
export function buildServicePackages(outDir = PACKAGES_DIR): BuiltPackage[] {
	if (!fs.existsSync(path.join(REPO_ROOT, 'dist'))) {
		throw new Error('dist/ is missing: run `npm run build` (n8n-node build) first.');
	}
	return SERVICE_PACKAGES.map((pkg) => buildServicePackage(pkg, outDir));
}
