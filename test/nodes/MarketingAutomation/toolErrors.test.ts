import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { timing } from '../../../nodes/MarketingAutomation/transport/timing';
import { onFixedClock } from '../../harness/clock';
import { useMarketing } from './helpers';
import {
	EMAILS_ARGUMENT_INVALID,
	TOOL_CLIENT_SECRET_REFUSED,
	TOOL_DAILY_QUOTA_607,
	TOOL_RATE_LIMITED_606,
	TOOL_SERVICE_UNAVAILABLE_503,
	TOOL_TOO_MANY_REQUESTS_429,
} from './messages';

/**
 * What an AI agent's model reads when Marketing Automation fails as its tool: n8n hands the model
 * the error's message only, so the message carries the decision. One scripted failure per class:
 * the service's rate limit (606, with its 20-second window; here shortened) and HTTP 429 without
 * a wait, a 5xx, the daily quota (607, with its reset at midnight US Central), a refused client
 * secret, and a bad argument.
 */
const AGENT_INPUT = { chatInput: 'Find ana', sessionId: 's-1', toolCallId: 'c1' };
/** 2026-11-25 20:00 UTC: the daily quota resets at midnight US Central, 06:00 UTC. */
const NOW = Date.UTC(2026, 10, 25, 20, 0);

describe('Marketing Automation as a tool: what the model reads on a failure', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	const findLeads = async (emails: string, credentials: IDataObject = {}) =>
		await env.runAsTool(
			{
				resource: 'lead',
				operation: 'getAll',
				filterType: 'email',
				filterValues: "={{ $fromAI('emails', 'E-mail addresses', 'string') }}",
			},
			{ ...AGENT_INPUT, emails },
			{ typeVersion: 2, credentials: credentials as ICredentialDataDecryptedObject },
		);

	it('rate limit with a window (606): retry after the service’s window', async () => {
		jest.replaceProperty(timing, 'windowMs', 50);
		sim().inject('606', { times: 10 });
		expect((await findLeads('ana@example.com')).error?.message).toBe(TOOL_RATE_LIMITED_606);
	});

	it('HTTP 429 without a wait: retry in a minute', async () => {
		sim().inject('http429', { times: 10 });
		expect((await findLeads('ana@example.com')).error?.message).toBe(TOOL_TOO_MANY_REQUESTS_429);
	});

	it('5xx: retry later', async () => {
		sim().inject('http503', { times: 10 });
		expect((await findLeads('ana@example.com')).error?.message).toBe(TOOL_SERVICE_UNAVAILABLE_503);
	});

	it('daily quota (607): stop and tell the user when it resets', async () => {
		await onFixedClock(NOW, async () => {
			sim().inject('607');
			expect((await findLeads('ana@example.com')).error?.message).toBe(TOOL_DAILY_QUOTA_607);
		});
	});

	it('client secret refused: stop and tell the user to fix the credential', async () => {
		expect(
			(await findLeads('ana@example.com', { clientSecret: 'not-the-secret' })).error?.message,
		).toBe(TOOL_CLIENT_SECRET_REFUSED);
	});

	it('bad argument: change the named argument; no call made', async () => {
		expect((await findLeads('ana at example')).error?.message).toBe(EMAILS_ARGUMENT_INVALID);
		expect(sim().callsTo('GET', '/rest/v1/leads.json')).toEqual([]);
	});
});
