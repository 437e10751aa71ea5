/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- local tooling, never shipped */
/**
 * The community-package scan of n8n's verification, run locally (`tsx scripts/scan.ts`).
 *
 * `npx @n8n/scan-community-package <name>` only scans packages published with npm provenance, so
 * this calls its linter directly: `analyzePackage` from
 * `@n8n/scan-community-package/scanner/scanner.mjs` (ESLint with the community-nodes rules, inline
 * `eslint-disable` comments ignored, any error fails), on
 *   1. the repository sources, with the scanner's own `SOURCE_FILE_PATTERNS`
 *      (`package.json`, `{nodes,credentials}/**`), and
 *   2. the unpacked `npm pack` tarball of the built package, with `['**\/*.js', 'package.json']`,
 *      as the scanner does with a published tarball, and
 *   3. for each single-service package (scripts/servicePackages.ts): the folder of its committed
 *      package.json, found by name with the scanner's own `findPackageRoot` as it finds the source
 *      of a published package, with `SOURCE_FILE_PATTERNS`; and its tarball as in 2, built from
 *      `dist/` into a temporary folder and packed.
 * Exits 1 with the findings on any error. Needs `npm run build` first (for steps 2 and 3).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { REPO_ROOT, run } from './n8n';
import { packPackage, readManifest } from './package';
import { MANIFESTS_DIR, buildServicePackages } from './servicePackageBuild';

interface ScanResult {
	passed: boolean;
	message?: string;
	details?: string;
}

interface Scanner {
	analyzePackage(dir: string, patterns?: string[]): Promise<ScanResult>;
	SOURCE_FILE_PATTERNS: string[];
	findPackageRoot(sourceDir: string, packageName: string): string | null;
}

export const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

async function loadScanner(): Promise<Scanner> {
	// An ES module without an exports map or types: import it by path, at run time.
	const specifier = '@n8n/scan-community-package/scanner/scanner.mjs';
	return (await import(specifier)) as Scanner;
}

function report(label: string, result: ScanResult): boolean {
	if (result.passed) {
		process.stdout.write(`✓ scan: ${label}${result.message ? ` (${result.message})` : ''}\n`);
		return true;
	}
	process.stdout.write(
		`✗ scan: ${label}: ${result.message ?? 'failed'}\n${result.details ?? ''}\n`,
	);
	return false;
}

/** Unpacks a tarball outside the repository and scans it as the scanner scans a published one. */
async function scanTarball(scanner: Scanner, tarball: string, label: string): Promise<boolean> {
	const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-platform-scan-'));
	try {
		await run('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1'], {
			cwd: REPO_ROOT,
			timeoutMs: 60_000,
		});
		const result = await scanner.analyzePackage(unpacked, TARBALL_FILE_PATTERNS);
		return report(`${label} (${TARBALL_FILE_PATTERNS.join(', ')})`, result);
	} finally {
		fs.rmSync(unpacked, { recursive: true, force: true });
	}
}

async function main(): Promise<number> {
	const scanner = await loadScanner();

	const sources = await scanner.analyzePackage(REPO_ROOT, scanner.SOURCE_FILE_PATTERNS);
	const sourcesOk = report(`sources (${scanner.SOURCE_FILE_PATTERNS.join(', ')})`, sources);

	const tarball = await packPackage();
	const packedOk = await scanTarball(
		scanner,
		tarball,
		`packed tarball ${path.relative(REPO_ROOT, tarball)}`,
	);

	// Outside the repository, like the unpacked copies: a concurrent `eslint .` never sees them.
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-platform-services-'));
	let servicesOk = true;
	try {
		for (const built of buildServicePackages(path.join(work, 'packages'))) {
			const sourceRoot = scanner.findPackageRoot(MANIFESTS_DIR, built.pkg.name);
			if (!sourceRoot) {
				servicesOk = false;
				process.stdout.write(
					`✗ scan: ${built.pkg.name}: no committed package.json names it: run npm run build:packages\n`,
				);
			} else {
				const source = await scanner.analyzePackage(sourceRoot, scanner.SOURCE_FILE_PATTERNS);
				servicesOk = report(`source ${path.relative(REPO_ROOT, sourceRoot)}`, source) && servicesOk;
			}
			await run('npm', ['pack', '--ignore-scripts', '--pack-destination', work], {
				cwd: built.dir,
				timeoutMs: 60_000,
			});
			const tarballOf = path.join(work, `${built.pkg.name}-${readManifest().version}.tgz`);
			servicesOk =
				(await scanTarball(scanner, tarballOf, `packed tarball ${path.basename(tarballOf)}`)) &&
				servicesOk;
		}
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}

	return sourcesOk && packedOk && servicesOk ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		process.stderr.write(`scan failed to run: ${error.stack ?? error.message}\n`);
		process.exit(1);
	},
);
