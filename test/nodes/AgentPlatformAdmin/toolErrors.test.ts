import nock from 'nock';
import { sleep, type IDataObject } from 'n8n-workflow';

import { runWorkflow } from '../../harness';
import { adminCredentials, recordCalls, US_BASE } from './helpers';
import {
	TOOL_INVITE_MAY_HAVE_RUN,
	TOOL_NEEDS_ADMIN,
	TOOL_NOT_A_ROLE,
	TOOL_RATE_LIMITED,
	TOOL_RATE_LIMITED_OWN_WAIT,
	TOOL_UNAVAILABLE,
} from './messages';

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
		expect((await invite(kim)).error?.message).toBe(TOOL_RATE_LIMITED_OWN_WAIT);
	});

	it('429 again and again: waits 30 s at most in all, then answers at once', async () => {
		const calls = answering(429, { message: 'Rate limit exceeded' }, { 'retry-after': '20' });
		(sleep as jest.Mock).mockClear();
		expect((await invite(kim)).error?.message).toBe(TOOL_RATE_LIMITED_OWN_WAIT);
		const waits = (sleep as jest.Mock).mock.calls.map(([ms]) => Number(ms));
		expect(waits).toEqual([20_000]);
		expect(calls).toHaveLength(2);
	});

	it('429 without a reset: retry in a minute', async () => {
		answering(429, { message: 'Rate limit exceeded' });
		expect((await invite(kim)).error?.message).toBe(TOOL_RATE_LIMITED);
	});

	it('5xx on a call that creates: may have run, do not repeat', async () => {
		const calls = answering(502, { message: 'Bad gateway' });
		expect((await invite(kim)).error?.message).toBe(TOOL_INVITE_MAY_HAVE_RUN);
		expect(calls).toHaveLength(1);
	});

	it('5xx before executing (503): retry later', async () => {
		answering(503, { message: 'Service unavailable' });
		expect((await invite(kim)).error?.message).toBe(TOOL_UNAVAILABLE);
	});

	it('Admin role missing: stop and tell the user', async () => {
		answering(403, { message: 'Forbidden: admin role required' });
		expect((await invite(kim)).error?.message).toBe(TOOL_NEEDS_ADMIN);
	});

	it('bad argument: change the named argument; no call made', async () => {
		const calls = answering(200, {});
		expect((await invite({ email: 'kim@example.com', roles: 'Owner' })).error?.message).toBe(
			TOOL_NOT_A_ROLE,
		);
		expect(calls).toEqual([]);
	});
});

describe('Agent Platform Admin as a tool at version 2.1: a picker the model fills', () => {
	afterEach(() => nock.cleanAll());

	const removeUser = async (args: IDataObject) =>
		await runWorkflow({
			nodes: {
				type: 'agentPlatformAdminTool',
				credentialTypes: ['agentPlatformApi'],
				typeVersion: 2.1,
				parameters: {
					resource: 'user',
					operation: 'removeFromProject',
					userId: {
						__rl: true,
						mode: 'id',
						value: "={{ $fromAI('user_id', 'The user to remove', 'string') }}",
					},
				} as never,
			},
			items: [{ ...AGENT_INPUT, ...args }],
			credentials: adminCredentials(),
		});

	it('takes the user the model names, and names its argument when it is no user ID', async () => {
		const calls = recordCalls(US_BASE, () => [200, {}]);
		const removed = await removeUser({ user_id: 'usr-sam' });
		expect(removed.error).toBeUndefined();
		expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
			'POST /latest/auth/users/usr-sam/delete',
		]);
		calls.length = 0;
		const refused = await removeUser({ user_id: 'a/b' });
		expect(refused.error?.message).toMatch(/^'a\/b' in the argument 'user_id' is not a user ID/);
		expect(calls).toEqual([]);
	});
});
