import type { IDataObject } from 'n8n-workflow';

import { runWorkflow } from '../../harness';
import { fixClock } from '../../harness/clock';
import { GLOBAL_KEY, serviceCredential, withSimulator } from '../../harness/enrichment';
import {
	ENRICHMENT_SERVICE_DID_NOT_ACCEPT_API,
	ENRICHMENT_SERVICE_KEPT_ANSWERING_TOO_MANY,
	ENRICHMENT_SERVICE_KEPT_ANSWERING_TOO_MANY_2,
	ENRICHMENT_SERVICE_MAY_HAVE_RUN_CHARGED,
	ENRICHMENT_SERVICE_REFUSED_POST_V3_CONTACTS,
	ENRICHMENT_SERVICE_S_DAILY_REQUEST_QUOTA,
	MEDIUM_ARGUMENT_SIZES_NOT_CHOICE_COMPANY,
	dailyQuotaUsedUpResetsIn,
} from './messages';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

/**
 * What an AI agent's model reads when Global Enrichment fails as its tool: n8n hands the model the
 * error's message only, so the message carries the decision. One scripted failure per class.
 */
const AGENT_INPUT = { chatInput: 'Find companies', sessionId: 's-1', toolCallId: 'c1' };

describe('Global Enrichment as a tool: what the model reads on a failure', () => {
	const ctx = withSimulator();
	const global = () => ctx.sim.services.global;
	afterEach(() => jest.useRealTimers());
	const run = async (parameters: IDataObject, args: IDataObject, apiKey = GLOBAL_KEY) =>
		await runWorkflow({
			nodes: {
				type: 'globalEnrichmentTool',
				parameters: parameters as never,
				credentialTypes: ['globalEnrichmentApi'],
			},
			items: [{ ...AGENT_INPUT, ...args }],
			credentials: { globalEnrichmentApi: serviceCredential(`${ctx.sim.url}/global`, apiKey) },
		});
	const findContact = async (email: string, apiKey?: string) =>
		await run(
			{
				resource: 'contact',
				operation: 'find',
				identifyBy: 'email',
				email: "={{ $fromAI('email', 'E-mail address', 'string') }}",
			},
			{ email },
			apiKey,
		);
	const searchCompanies = async (sizes: string) =>
		await run(
			{
				resource: 'company',
				operation: 'search',
				filters: {
					companySize: "={{ $fromAI('sizes', 'Company sizes', 'string') }}",
				},
			},
			{ sizes },
		);

	it('429 with a reset: retry after the service’s own wait', async () => {
		global().failNext(
			6,
			429,
			{ statusCode: 429, message: 'Too many requests' },
			{ 'retry-after': '45' },
		);
		expect((await findContact('ana@northwind.example.com')).error?.message).toBe(
			ENRICHMENT_SERVICE_KEPT_ANSWERING_TOO_MANY,
		);
	});

	it('429 without a reset: retry in a minute', async () => {
		global().failNext(6, 429, { statusCode: 429, message: 'Too many requests' });
		expect((await findContact('ana@northwind.example.com')).error?.message).toBe(
			ENRICHMENT_SERVICE_KEPT_ANSWERING_TOO_MANY_2,
		);
	});

	it('a minute window that resets after more than 30 s: the model is told at once to call again then', async () => {
		global().failNext(
			1,
			429,
			{ statusCode: 429, message: 'Too many requests' },
			{ 'x-minute-requests-left': '0', 'retry-after': '50' },
		);
		const { error } = await findContact('ana@northwind.example.com');
		expect(error?.message).toMatch(
			/per-minute request quota is used up \(HTTP 429\); it resets in 50 seconds/,
		);
		expect(error?.message).toMatch(
			/Retry: call this tool again with the same arguments in 50 seconds \(the service's own wait\)/,
		);
		// Not waited out inside the tool call: one call, no second try after the window.
		expect(global().calls.map((c) => c.status)).toEqual([429]);
	});

	it('a minute window that resets within 30 s is waited out inside the tool call', async () => {
		global().failNext(
			1,
			429,
			{ statusCode: 429, message: 'Too many requests' },
			{ 'x-minute-requests-left': '0', 'retry-after': '20' },
		);
		const { error } = await findContact('ana@northwind.example.com');
		expect(error).toBeUndefined();
		expect(global().calls.map((c) => c.status)).toEqual([429, 200]);
	});

	it('5xx on a lookup that may have been charged: do not repeat it', async () => {
		global().failNext(1, 502, { statusCode: 502, message: 'Bad Gateway' });
		expect((await findContact('ana@northwind.example.com')).error?.message).toBe(
			ENRICHMENT_SERVICE_MAY_HAVE_RUN_CHARGED,
		);
	});

	it('5xx before executing (503): retry later', async () => {
		global().failNext(6, 503, { statusCode: 503, message: 'Service Unavailable' });
		expect((await findContact('ana@northwind.example.com')).error?.message).toBe(
			ENRICHMENT_SERVICE_REFUSED_POST_V3_CONTACTS,
		);
	});

	it('quota used up: stop and tell the user', async () => {
		// The usage call that would give the reset time is refused: the day's start is named.
		global().rateLimit = { usagePerMinute: 0 };
		global().failNext(
			1,
			429,
			{ statusCode: 429, message: 'Daily API quota exceeded' },
			{ 'x-daily-requests-left': '0', 'x-rate-limit-daily': '500' },
		);
		expect((await findContact('ana@northwind.example.com')).error?.message).toBe(
			ENRICHMENT_SERVICE_S_DAILY_REQUEST_QUOTA,
		);
	});

	/** The 429 of a used-up daily quota; the node then asks the service's usage for the reset. */
	const quotaUsedUp = () =>
		global().failNext(
			1,
			429,
			{ statusCode: 429, message: 'Daily API quota exceeded' },
			{ 'x-daily-requests-left': '0', 'x-rate-limit-daily': '500' },
		);

	it("quota used up, the reset read from the service's usage: the model is told when", async () => {
		// 20:00 UTC: the daily window resets at midnight UTC, in 4 hours.
		fixClock(Date.UTC(2026, 10, 25, 20, 0));
		quotaUsedUp();
		const { error } = await findContact('ana@northwind.example.com');
		expect(error?.message).toBe(dailyQuotaUsedUpResetsIn(14_400, '4 hours'));
		expect(global().calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
			'POST /v3/contacts/search-and-enrich 429',
			'GET /v3/account/usage 200',
		]);
	});

	// The day's last and first minutes: the reset is the coming midnight, not the one just passed.
	it.each([
		['23:59 UTC: in a minute', Date.UTC(2026, 10, 25, 23, 59), 60, '60 seconds'],
		['00:01 UTC: in a day less a minute', Date.UTC(2026, 10, 26, 0, 1), 86_340, '24 hours'],
	])('quota used up at %s', async (_when, now, seconds, wait) => {
		fixClock(now);
		quotaUsedUp();
		const { error } = await findContact('ana@northwind.example.com');
		expect(error?.message).toBe(dailyQuotaUsedUpResetsIn(seconds, wait));
	});

	it('key refused: stop and tell the user to fix the credential', async () => {
		expect((await findContact('ana@northwind.example.com', 'wrong-key')).error?.message).toBe(
			ENRICHMENT_SERVICE_DID_NOT_ACCEPT_API,
		);
	});

	it('bad argument: a size that is not a choice is refused with the allowed sizes; no call made', async () => {
		expect((await searchCompanies('Medium')).error?.message).toBe(
			MEDIUM_ARGUMENT_SIZES_NOT_CHOICE_COMPANY,
		);
		expect(global().calls).toEqual([]);
	});

	it('reads sizes exactly as the model names them ("201-1000" is only 201-1000)', async () => {
		const result = await searchCompanies('201-1000, small (11-50)');
		expect(result.error).toBeUndefined();
		expect(global().calls.map((call) => call.body)).toEqual([
			{
				filters: {
					companies: {
						include: {
							sizes: [
								{ min: 201, max: 1000 },
								{ min: 11, max: 50 },
							],
						},
					},
				},
				pagination: { page: 0, size: 50 },
			},
		]);
	});
});
