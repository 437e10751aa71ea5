/* Runs once before the e2e project: installs n8n on first use (minutes, so not inside a test's
   time limit) and packs the built package, so every test file reuses both. */
import { ensureN8n } from '../../scripts/n8n';
import { packPackage } from './runner';

export default async function globalSetup(): Promise<void> {
	await ensureN8n();
	await packPackage();
}
