/* Per test file in the e2e project: generous time limits (each n8n command is a fresh process),
   and no simulator or n8n process left behind when a test fails or times out. */
import { stopAllE2e } from './runner';

jest.setTimeout(180_000);

afterAll(async () => {
	await stopAllE2e();
});
