/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- local tooling, never shipped */
/**
 * The package as users get it: `packPackage()` packs the built `dist/` with `npm pack` (reused
 * while the content is unchanged), `installPackage()` installs that tarball as a community package
 * into an n8n user folder (`<folder>/.n8n/nodes`), the way n8n's own installer lays it out.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { listFiles } from './files';
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

/** Installs the tarball as a community package into `<userFolder>/.n8n/nodes`. */
export async function installPackage(userFolder: string, tarball: string): Promise<void> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	// A package.json here keeps npm from walking up to the repository's own package.json.
	const manifest = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(manifest)) {
		fs.writeFileSync(
			manifest,
			'{ "name": "installed-nodes", "private": true, "dependencies": {} }\n',
		);
	}
	await run(
		'npm',
		[
			'install',
			'--omit=dev',
			'--omit=peer',
			'--no-audit',
			'--no-fund',
			'--ignore-scripts',
			tarball,
		],
		{ cwd: nodesDir, timeoutMs: 120_000, logFile: path.join(userFolder, 'npm-install.log') },
	);
}
