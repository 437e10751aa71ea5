/* Per test file in the e2e project: generous time limits (each n8n command is a fresh process),
   and no simulator or n8n process left behind when a test fails or times out. */
import { stopAllE2e } from './runner';

// 10 min: n8n's first start (database migrations) took over 3 min on a loaded 2-core machine.
jest.setTimeout(600_000);

afterAll(async () => {
	await stopAllE2e();
});
