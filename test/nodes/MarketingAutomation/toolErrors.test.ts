import type { IDataObject } from 'n8n-workflow';

import { timing } from '../../../nodes/MarketingAutomation/transport/timing';
import { runWorkflow } from '../../harness';
import { CREDENTIAL, useMarketing } from './helpers';

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
		await runWorkflow({
			nodes: {
				type: 'marketingAutomationTool',
				typeVersion: 2,
				parameters: {
					resource: 'lead',
					operation: 'getAll',
					filterType: 'email',
					filterValues: "={{ $fromAI('emails', 'E-mail addresses', 'string') }}",
				} as never,
				credentialTypes: [CREDENTIAL],
			},
			items: [{ ...AGENT_INPUT, emails }],
			credentials: env.credentials(credentials as never),
		});

	it('rate limit with a window (606): retry after the service’s window', async () => {
		jest.replaceProperty(timing, 'windowMs', 50);
		sim().inject('606', { times: 10 });
		expect((await findLeads('ana@example.com')).error?.message).toBe(
			"The service refused the call (606): Max rate limit '100' exceeded with in '20' secs. Retry: call this tool again with the same arguments in 1 second (the service's own wait); if it fails again, stop and tell the user.",
		);
	});

	it('HTTP 429 without a wait: retry in a minute', async () => {
		sim().inject('http429', { times: 10 });
		expect((await findLeads('ana@example.com')).error?.message).toBe(
			'The call GET /rest/v1/leads.json failed (HTTP 429): The service is receiving too many requests from you. Retry: call this tool again with the same arguments in 60 seconds; if it fails again, stop and tell the user.',
		);
	});

	it('5xx: retry later', async () => {
		sim().inject('http503', { times: 10 });
		expect((await findLeads('ana@example.com')).error?.message).toBe(
			'The call GET /rest/v1/leads.json failed (HTTP 503): Service unavailable - try again later or consider setting this node to retry automatically (in the node settings). Retry: call this tool again with the same arguments in 60 seconds; if it fails again, stop and tell the user.',
		);
	});

	it('daily quota (607): stop and tell the user when it resets', async () => {
		jest.useFakeTimers({
			now: NOW,
			doNotFake: [
				'setTimeout',
				'setInterval',
				'setImmediate',
				'clearTimeout',
				'clearInterval',
				'clearImmediate',
				'nextTick',
				'queueMicrotask',
				'hrtime',
				'performance',
			],
		});
		try {
			sim().inject('607');
			expect((await findLeads('ana@example.com')).error?.message).toBe(
				'Daily API quota reached (607): Daily quota reached. Do not retry: stop and tell the user that the request quota of the service is used up. It resets at 2026-11-26T06:00Z; do not call this tool before then. What the user can do: The daily API quota of the instance is used up; it resets at 12:00 AM US Central time. No further calls were made.',
			);
		} finally {
			jest.useRealTimers();
		}
	});

	it('client secret refused: stop and tell the user to fix the credential', async () => {
		expect(
			(await findLeads('ana@example.com', { clientSecret: 'not-the-secret' })).error?.message,
		).toBe(
			'Could not get an access token: The identity endpoint refused the client ID or secret (HTTP 401). Do not retry: stop and tell the user that the service refused the API key in the credential. What the user can do: Check the client ID, client secret and REST endpoint URL in the credential (admin page "Web Services"), and that the API-only user is active.',
		);
	});

	it('bad argument: change the named argument; no call made', async () => {
		expect((await findLeads('ana at example')).error?.message).toBe(
			"\"ana at example\" in the argument 'emails' is not a valid email address: send email addresses separated by commas, e.g. ana@example.com, bob@example.com. Change the argument 'emails' and call this tool again.",
		);
		expect(sim().callsTo('GET', '/rest/v1/leads.json')).toEqual([]);
	});
});
