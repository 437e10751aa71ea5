/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, never shipped */
/* Runs once before the e2e project: installs n8n on first use (minutes, so not inside a test's
   time limit), packs the built package and makes the user folder every test file copies. */
import { N8N_VERSION } from '../../scripts/n8n';
import { packPackage, prepareTemplate } from './runner';

export default async function globalSetup(): Promise<void> {
	// Every test file runs the n8n chosen here, even if the registry moves on during the run.
	process.env.N8N_VERSION = N8N_VERSION;
	await prepareTemplate(await packPackage());
}
