import nock from 'nock';

import { fastPolling } from '../../runs';
import { directorySuite } from '../../directory';
import { adminNode, fromList, projectById, recordCalls, runAdmin, US_BASE } from '../../helpers';
import { RESEND_MAY_HAVE_RUN } from '../../messages';

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
		expect(suite.calls().map((c) => [c.method, c.path, c.authorization, c.body])).toEqual([
			[
				'POST',
				'/latest/auth/invite/resend',
				'Bearer proj-demo:sk-demo-admin',
				{ invite_code: code },
			],
		]);
		expect(result.json()).toEqual([{ resent: true, invite_code: code }]);
	});

	it('resends an invite of the project the Project field names', async () => {
		const project = await suite.createProject();
		const inNewProject = { project: projectById('={{ $json.project }}') };
		const code = (
			await suite.run(
				{
					resource: 'invite',
					operation: 'create',
					...inNewProject,
					email: 'new@example.com',
					roles: ['admin'],
				},
				{ items: [{ project }] },
			)
		).json()[0].invite_code;
		suite.mark();
		const result = await suite.run(
			{ resource: 'invite', operation: 'resend', ...inNewProject, inviteCode: code },
			{ items: [{ project }] },
		);
		expect(suite.calls().map((c) => [c.method, c.path, c.authorization, c.body])).toEqual([
			[
				'POST',
				'/latest/auth/invite/resend',
				`Bearer ${project}:sk-demo-admin`,
				{ invite_code: code },
			],
		]);
		expect(result.json()).toEqual([{ resent: true, invite_code: code }]);
		// The credential's project has no such invite.
		const elsewhere = await suite.run({
			resource: 'invite',
			operation: 'resend',
			inviteCode: code,
		});
		expect(elsewhere.error?.message).toBe(
			`The service refused to resend the invite: Invite ${String(code)} was not found in this project.`,
		);
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
		expect(result.error?.message).toBe(RESEND_MAY_HAVE_RUN('HTTP 502'));
	});

	it('takes the invite picked From list (version 2.1)', async () => {
		const calls = recordCalls(US_BASE, () => [200, {}]);
		const result = await runAdmin(
			adminNode(
				{
					resource: 'invite',
					operation: 'resend',
					inviteCode: fromList('inv-a', 'ana@example.com'),
				},
				false,
				2.1,
			),
		);
		expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
			['POST', '/latest/auth/invite/resend', { invite_code: 'inv-a' }],
		]);
		expect(result.json()).toEqual([{ resent: true, invite_code: 'inv-a' }]);
	});
});
