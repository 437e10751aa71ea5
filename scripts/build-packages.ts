/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- local tooling, never shipped */
/**
 * `npm run build:packages`: `n8n-node build`, then the four single-service packages beside the
 * pack in `packages-dist/<name>/` (git-ignored), ready for `npm pack` or `npm publish`, and their
 * package.json files into `packages/<name>/` (committed, for n8n's scanner: docs/packages.md).
 */
import path from 'node:path';

import { REPO_ROOT, buildServicePackages, writeCommittedManifests } from './servicePackageBuild';

try {
	writeCommittedManifests();
	for (const built of buildServicePackages()) {
		process.stdout.write(
			`✓ ${path.relative(REPO_ROOT, built.dir)}: ${built.closure.files.length} files, ` +
				`${built.closure.icons.length} icons, ${built.examples.length} example(s)\n`,
		);
	}
} catch (error) {
	process.stderr.write(`build:packages failed: ${(error as Error).message}\n`);
	process.exit(1);
}
