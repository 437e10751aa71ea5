/* Runs once after the e2e project: stops the n8n servers the files shared (test/e2e/pool.ts). */
import { stopSharedN8n } from './pool';

export default function globalTeardown(): void {
	stopSharedN8n();
}
