import type { IDataObject } from 'n8n-workflow';

import { runWorkflow } from '../../harness';
import { ANZ_KEY, serviceCredential, withSimulator } from '../../harness/enrichment';
import {
	INVALID_ARGUMENT_ABN_ABN_51_824,
	SALES_INTELLIGENCE_SERVICE_DID_NOT_ACCEPT,
	SALES_INTELLIGENCE_SERVICE_KEPT_ANSWERING_TOO,
	SALES_INTELLIGENCE_SERVICE_KEPT_ANSWERING_TOO_2,
	SALES_INTELLIGENCE_SERVICE_REFUSED_GET_COMPANY,
	SALES_INTELLIGENCE_SERVICE_S_DAILY_REQUEST,
} from './messages';

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
		expect(result.error?.message).toBe(SALES_INTELLIGENCE_SERVICE_KEPT_ANSWERING_TOO);
	});

	it('429 without a reset: retry in a minute', async () => {
		anz().failNext(6, 429, { message: 'Too many requests' });
		const result = await byAbn(VALID_ABN);
		expect(result.error?.message).toBe(SALES_INTELLIGENCE_SERVICE_KEPT_ANSWERING_TOO_2);
	});

	it('5xx: retry later', async () => {
		anz().failNext(6, 503, { message: 'Service Unavailable' });
		const result = await byAbn(VALID_ABN);
		expect(result.error?.message).toBe(SALES_INTELLIGENCE_SERVICE_REFUSED_GET_COMPANY);
	});

	it('quota used up: stop and tell the user when it resets', async () => {
		anz().failNext(
			1,
			429,
			{ message: 'Daily API quota exceeded. Reset in 3600 seconds' },
			{ 'x-daily-requests-left': '0', 'x-rate-limit-daily': '1000' },
		);
		const result = await byAbn(VALID_ABN);
		expect(result.error?.message).toBe(SALES_INTELLIGENCE_SERVICE_S_DAILY_REQUEST);
	});

	it('key refused: stop and tell the user to fix the credential', async () => {
		const result = await byAbn(VALID_ABN, 'wrong-key');
		expect(result.error?.message).toBe(SALES_INTELLIGENCE_SERVICE_DID_NOT_ACCEPT);
	});

	it('bad argument: change the named argument; no call made', async () => {
		const result = await byAbn('51 824 753 557');
		expect(result.error?.message).toBe(INVALID_ARGUMENT_ABN_ABN_51_824);
		expect(anz().calls).toEqual([]);
	});
});
