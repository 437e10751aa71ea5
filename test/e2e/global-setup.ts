/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test tooling, never shipped */
/* Runs once before the e2e project: installs n8n on first use (minutes, so not inside a test's
   time limit), packs the built package, makes the user folder every test file copies and the
   pool of shared servers (stopped by global-teardown.ts). */
import path from 'node:path';

import { CACHE_DIR, N8N_VERSION } from '../../scripts/n8n';
import { makePool } from './pool';
import { packPackage, prepareTemplate } from './runner';

export default async function globalSetup(): Promise<void> {
	// Every test file runs the n8n chosen here, even if the registry moves on during the run.
	process.env.N8N_VERSION = N8N_VERSION;
	await prepareTemplate(await packPackage());
	// The shared servers' slots (test/e2e/pool.ts), for this run only.
	process.env.E2E_POOL_DIR = makePool(path.join(CACHE_DIR, 'e2e-pool'));
}
