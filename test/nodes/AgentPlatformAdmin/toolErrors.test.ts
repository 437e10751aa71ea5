import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { runWorkflow } from '../../harness';
import { adminCredentials, recordCalls, US_BASE } from './helpers';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

/**
 * What an AI agent's model reads when Agent Platform Admin fails as its tool: n8n hands the model
 * the error's message only, so the message carries the decision. One scripted failure per class.
 */
const AGENT_INPUT = { chatInput: 'Invite kim', sessionId: 's-1', toolCallId: 'c1' };

describe('Agent Platform Admin as a tool: what the model reads on a failure', () => {
	afterEach(() => nock.cleanAll());

	const invite = async (args: IDataObject) =>
		await runWorkflow({
			nodes: {
				type: 'agentPlatformAdminTool',
				credentialTypes: ['agentPlatformApi'],
				parameters: {
					resource: 'invite',
					operation: 'create',
					email: "={{ $fromAI('email', 'E-mail address', 'string') }}",
					roles: "={{ $fromAI('roles', 'Roles: admin, editor or viewer', 'string') }}",
				} as never,
			},
			items: [{ ...AGENT_INPUT, ...args }],
			credentials: adminCredentials(),
		});
	const kim = { email: 'kim@example.com', roles: 'Editor' };
	const answering = (status: number, body: IDataObject, headers?: Record<string, string>) =>
		recordCalls(US_BASE, () => [status, body, headers]);

	it('429 with a reset: retry after the service’s own wait', async () => {
		answering(429, { message: 'Rate limit exceeded' }, { 'retry-after': '20' });
		expect((await invite(kim)).error?.message).toBe(
			"The service refused to create the invite: Rate limit exceeded. Retry: call this tool again with the same arguments in 20 seconds (the service's own wait); if it fails again, stop and tell the user.",
		);
	});

	it('429 without a reset: retry in a minute', async () => {
		answering(429, { message: 'Rate limit exceeded' });
		expect((await invite(kim)).error?.message).toBe(
			'The service refused to create the invite: Rate limit exceeded. Retry: call this tool again with the same arguments in 60 seconds; if it fails again, stop and tell the user.',
		);
	});

	it('5xx on a call that creates: may have run, do not repeat', async () => {
		const calls = answering(502, { message: 'Bad gateway' });
		expect((await invite(kim)).error?.message).toBe(
			"The service did not confirm that it could create the invite (HTTP 502); the call may have run: check the project's pending invites before running the node again. Do not retry: stop and tell the user that the call may have run, so repeating it could do it twice. What the user can do: Running the node again as it is could create the invite twice. Look at the project's pending invites first; run the item again only if nothing was created.",
		);
		expect(calls).toHaveLength(1);
	});

	it('5xx before executing (503): retry later', async () => {
		answering(503, { message: 'Service unavailable' });
		expect((await invite(kim)).error?.message).toBe(
			'The service refused to create the invite: Service unavailable. Retry: call this tool again with the same arguments in 60 seconds; if it fails again, stop and tell the user.',
		);
	});

	it('Admin role missing: stop and tell the user', async () => {
		answering(403, { message: 'Forbidden: admin role required' });
		expect((await invite(kim)).error?.message).toBe(
			'The service refused to create the invite: Forbidden: admin role required (this needs an API key with the Admin role on the project named in the credential). Do not retry: stop and tell the user that the API key lacks the role or permission this needs. What the user can do: This operation needs an API key with the Admin role on the project named in the credential. Create the key as an Admin under Integrations & API Keys, or ask an Admin to run it.',
		);
	});

	it('bad argument: change the named argument; no call made', async () => {
		const calls = answering(200, {});
		expect((await invite({ email: 'kim@example.com', roles: 'Owner' })).error?.message).toBe(
			"'Owner' in the argument 'roles' is not a choice of Roles: use Admin, Editor (role:editor), Viewer (role:viewer) (several separated by commas). Change the argument 'roles' and call this tool again.",
		);
		expect(calls).toEqual([]);
	});
});
