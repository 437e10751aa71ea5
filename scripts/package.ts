/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- local tooling, never shipped */
/**
 * The package as users get it: `packPackage()` packs the built `dist/` with `npm pack` (reused
 * while the content is unchanged), `installPackage()` installs that tarball as a community package
 * into an n8n user folder (`<folder>/.n8n/nodes`), the way n8n's own installer lays it out.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { listFiles, readJson } from './files';
import { CACHE_DIR, REPO_ROOT, run } from './n8n';

export { listFiles } from './files';

const PACK_DIR = path.join(CACHE_DIR, 'pack');

export interface PackageManifest {
	name: string;
	version: string;
	n8n: { nodes?: string[]; credentials?: string[] };
}

export function readManifest(): PackageManifest {
	return JSON.parse(
		fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'),
	) as PackageManifest;
}

/**
 * `npm pack` of the built package into `.cache/pack/<content hash>/`, reused while `dist/` and
 * package.json are unchanged (so a jest run packs once). Returns the tarball path.
 */
export async function packPackage(): Promise<string> {
	const dist = path.join(REPO_ROOT, 'dist');
	const manifest = readManifest();
	const registered = [...(manifest.n8n.nodes ?? []), ...(manifest.n8n.credentials ?? [])];
	const missing = registered.filter((file) => !fs.existsSync(path.join(REPO_ROOT, file)));
	if (!fs.existsSync(dist) || missing.length > 0) {
		throw new Error(
			`dist/ is missing or stale (${missing.join(', ') || 'no dist/'}): run \`npm run build\` first.`,
		);
	}
	const hash = crypto.createHash('sha256');
	const inputs = [
		...listFiles(dist),
		...['package.json', 'README.md', 'LICENSE', 'LICENSE.md']
			.map((file) => path.join(REPO_ROOT, file))
			.filter((file) => fs.existsSync(file)),
	];
	for (const file of inputs) {
		hash
			.update(path.relative(REPO_ROOT, file))
			.update('\0')
			.update(fs.readFileSync(file))
			.update('\0');
	}
	const digest = hash.digest('hex').slice(0, 16);
	const fileName = `${manifest.name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`;
	const target = path.join(PACK_DIR, digest, fileName);
	if (fs.existsSync(target)) return target;

	fs.mkdirSync(PACK_DIR, { recursive: true });
	const staging = fs.mkdtempSync(path.join(PACK_DIR, 'tmp-'));
	try {
		await run('npm', ['pack', '--ignore-scripts', '--pack-destination', staging], {
			cwd: REPO_ROOT,
			timeoutMs: 120_000,
			logFile: path.join(staging, 'pack.log'),
		});
		if (!fs.existsSync(path.join(staging, fileName))) {
			throw new Error(`npm pack did not produce ${fileName} in ${staging}`);
		}
		fs.rmSync(path.join(staging, 'pack.log'));
		try {
			fs.renameSync(staging, path.dirname(target));
		} catch (error) {
			// Another process packed the same content first: use theirs.
			if (!fs.existsSync(target)) throw error;
		}
	} finally {
		fs.rmSync(staging, { recursive: true, force: true });
	}
	pruneOlderThan(PACK_DIR, 60 * 60_000, path.dirname(target));
	return target;
}

/** Removes entries of `dir` not modified for `maxAgeMs` (leftovers of earlier runs). */
export function pruneOlderThan(dir: string, maxAgeMs: number, keep?: string) {
	if (!fs.existsSync(dir)) return;
	for (const name of fs.readdirSync(dir)) {
		const full = path.join(dir, name);
		if (full === keep) continue;
		const stat = fs.statSync(full, { throwIfNoEntry: false });
		if (stat && Date.now() - stat.mtimeMs > maxAgeMs)
			fs.rmSync(full, { recursive: true, force: true });
	}
}

/**
 * Installs the tarball as a community package into `<userFolder>/.n8n/nodes`, as n8n 2.x's own
 * installer does (`community-packages.service.js`, `downloadPackage`): the tarball is unpacked
 * into `node_modules/<name>`, its dev, peer and optional dependencies are dropped from its
 * package.json, `npm install` runs inside it for its own dependencies (none: the package has no
 * runtime dependencies), and the nodes folder's package.json records it. Unlike `npm install
 * <tarball>` in the nodes folder, nothing resolves the `n8n-workflow` peer against the registry:
 * that took 16 s and 10 s of CPU per install, against under a second.
 */
export async function installPackage(userFolder: string, tarball: string): Promise<void> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const modulesDir = path.join(nodesDir, 'node_modules');
	fs.mkdirSync(modulesDir, { recursive: true });
	const logFile = path.join(userFolder, 'npm-install.log');
	// Unpacked aside first: the folder's name is the package's, read from the package.json inside.
	const unpacked = fs.mkdtempSync(path.join(modulesDir, '.unpacking-'));
	let packageDir: string;
	let manifest: Record<string, unknown>;
	try {
		await run('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1'], {
			cwd: nodesDir,
			timeoutMs: 120_000,
			logFile,
		});
		manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'package.json'), 'utf8')) as Record<
			string,
			unknown
		>;
		packageDir = path.join(modulesDir, String(manifest.name));
		fs.rmSync(packageDir, { recursive: true, force: true });
		fs.mkdirSync(path.dirname(packageDir), { recursive: true });
		fs.renameSync(unpacked, packageDir);
	} finally {
		fs.rmSync(unpacked, { recursive: true, force: true });
	}
	for (const field of ['devDependencies', 'peerDependencies', 'optionalDependencies']) {
		delete manifest[field];
	}
	fs.writeFileSync(path.join(packageDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
	await run(
		'npm',
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
		],
		{ cwd: packageDir, timeoutMs: 120_000, logFile },
	);
	const nodesManifest = path.join(nodesDir, 'package.json');
	const nodes = (readJson(nodesManifest) ?? { name: 'installed-nodes', private: true }) as {
		dependencies?: Record<string, string>;
	};
	nodes.dependencies = { ...nodes.dependencies, [String(manifest.name)]: String(manifest.version) };
	fs.writeFileSync(nodesManifest, `${JSON.stringify(nodes, null, 2)}\n`);
}
