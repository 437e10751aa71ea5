import nock from 'nock';

import { fastPolling } from '../../runs';
import { directorySuite } from '../../directory';
import { adminNode, recordCalls, runAdmin, US_BASE } from '../../helpers';

describe('Agent Platform › Invite › Resend', () => {
	const suite = directorySuite();

	it('sends the invite code and returns the platform’s answer', async () => {
		const code = (
			await suite.run({
				resource: 'invite',
				operation: 'create',
				email: 'new@example.com',
				roles: ['admin'],
			})
		).json()[0].invite_code;
		suite.mark();
		const result = await suite.run({ resource: 'invite', operation: 'resend', inviteCode: code });
		expect(suite.calls().map((c) => [c.method, c.path, c.body])).toEqual([
			['POST', '/latest/auth/invite/resend', { invite_code: code }],
		]);
		expect(result.json()).toEqual([{ resent: true, invite_code: code }]);
	});

	it("says the platform does not know the code (the platform's 404)", async () => {
		const result = await suite.run({
			resource: 'invite',
			operation: 'resend',
			inviteCode: 'inv-x',
		});
		expect(result.error?.message).toBe(
			'The service refused to resend the invite: Invite inv-x was not found in this project.',
		);
	});
});

describe('Agent Platform › Invite › Resend, when the platform fails', () => {
	beforeEach(() => fastPolling());
	afterEach(() => nock.cleanAll());

	it('does not send a second e-mail after a 502: it says the e-mail may have gone', async () => {
		const calls = recordCalls(US_BASE, () => [502, {}]);
		const result = await runAdmin(
			adminNode({ resource: 'invite', operation: 'resend', inviteCode: 'inv-1' }),
		);
		expect(calls).toHaveLength(1);
		expect(result.error?.message).toBe(
			"The service did not confirm that it could resend the invite (HTTP 502); the call may have run: check the invitee's inbox (or the invite's e-mail status in Invite → Get Many) before running the node again",
		);
	});
});
