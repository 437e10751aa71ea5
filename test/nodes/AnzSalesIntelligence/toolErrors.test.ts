import type { IDataObject } from 'n8n-workflow';

import { runWorkflow } from '../../harness';
import { ANZ_KEY, serviceCredential, withSimulator } from '../../harness/enrichment';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

/**
 * What an AI agent's model reads when ANZ Sales Intelligence fails as its tool: n8n hands the model
 * the error's message only, so the message carries the decision (retry when, stop and tell the
 * user, or change which argument). One scripted failure per class.
 */
const AGENT_INPUT = {
	chatInput: 'Which company has this ABN?',
	sessionId: 's-1',
	toolCallId: 'c1',
};

describe('ANZ Sales Intelligence as a tool: what the model reads on a failure', () => {
	const ctx = withSimulator();
	const anz = () => ctx.sim.services.anz;
	const byAbn = async (abn: string, apiKey = ANZ_KEY) =>
		await runWorkflow({
			nodes: {
				type: 'anzSalesIntelligenceTool',
				parameters: {
					resource: 'company',
					operation: 'enrich',
					identifyBy: 'abn',
					abn: "={{ $fromAI('abn', 'Australian Business Number', 'string') }}",
				} as never,
				credentialTypes: ['anzSalesIntelligenceApi'],
			},
			items: [{ ...AGENT_INPUT, abn } as IDataObject],
			credentials: {
				anzSalesIntelligenceApi: serviceCredential(`${ctx.sim.url}/anz`, apiKey),
			},
		});
	const VALID_ABN = '51 824 753 556';

	it('429 with a reset: retry after the service’s own wait', async () => {
		anz().failNext(6, 429, { message: 'Too many requests' }, { 'retry-after': '30' });
		const result = await byAbn(VALID_ABN);
		expect(result.error?.message).toBe(
			'The sales-intelligence service kept answering "too many requests" (HTTP 429) after 5 retries. Retry: call this tool again with the same arguments in 30 seconds (the service\'s own wait); if it fails again, stop and tell the user.',
		);
	});

	it('429 without a reset: retry in a minute', async () => {
		anz().failNext(6, 429, { message: 'Too many requests' });
		const result = await byAbn(VALID_ABN);
		expect(result.error?.message).toBe(
			'The sales-intelligence service kept answering "too many requests" (HTTP 429) after 5 retries. Retry: call this tool again with the same arguments in 60 seconds; if it fails again, stop and tell the user.',
		);
	});

	it('5xx: retry later', async () => {
		anz().failNext(6, 503, { message: 'Service Unavailable' });
		const result = await byAbn(VALID_ABN);
		expect(result.error?.message).toBe(
			'The sales-intelligence service refused GET /company (HTTP 503): Service Unavailable. Retry: call this tool again with the same arguments in 60 seconds; if it fails again, stop and tell the user.',
		);
	});

	it('quota used up: stop and tell the user when it resets', async () => {
		anz().failNext(
			1,
			429,
			{ message: 'Daily API quota exceeded. Reset in 3600 seconds' },
			{ 'x-daily-requests-left': '0', 'x-rate-limit-daily': '1000' },
		);
		const result = await byAbn(VALID_ABN);
		expect(result.error?.message).toBe(
			"The sales-intelligence service's daily request quota of 1000 calls is used up (HTTP 429); it resets in 3600 seconds. Do not retry: stop and tell the user that the request quota of the service is used up. It resets in 60 minutes; do not call this tool before then. What the user can do: The node stopped and sent no further calls. Run the workflow again after the daily quota resets, or raise the plan's limit.",
		);
	});

	it('key refused: stop and tell the user to fix the credential', async () => {
		const result = await byAbn(VALID_ABN, 'wrong-key');
		expect(result.error?.message).toBe(
			'The sales-intelligence service did not accept the API key (HTTP 401); check the key in the credential. Do not retry: stop and tell the user that the service refused the API key in the credential. What the user can do: Copy the API key again from the service and paste it into the credential; it may have been revoked or mistyped. (request ID anz-req-000001).',
		);
	});

	it('bad argument: change the named argument; no call made', async () => {
		const result = await byAbn('51 824 753 557');
		expect(result.error?.message).toBe(
			"Invalid argument 'abn': The ABN \"51 824 753 557\" fails the ABN checksum (a digit is wrong or swapped). Enter the 11-digit ABN exactly as registered (check it on the Australian Business Register). Change the argument 'abn' and call this tool again.",
		);
		expect(anz().calls).toEqual([]);
	});
});
