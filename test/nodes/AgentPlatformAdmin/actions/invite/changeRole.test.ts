import { TestCredentialsHelper } from '../../../../harness/credentials';
import { adminNode, permissions, fromList, recordCalls, runAdmin, US_BASE } from '../../helpers';
import {
	ADMIN_ROLE_FIX,
	NEEDS_ADMIN,
	NOT_AN_INVITE_CODE,
	REPLACEMENT_MAY_HAVE_RUN,
	REPLACEMENT_REFUSED,
	REPLACEMENT_REFUSED_FIX,
	RUN_AGAIN_TWICE,
} from '../../messages';

describe('Agent Platform Admin › Invite', () => {
	describe('Change Role', () => {
		const changeRole = (continueOnFail = false) =>
			adminNode(
				{
					resource: 'invite',
					operation: 'changeRole',
					inviteCode: '={{ $json.code }}',
					email: '={{ $json.email }}',
					roles: ['role:viewer'],
				},
				continueOnFail,
			);

		it('deletes the old invite, then creates the new one, and outputs the new code', async () => {
			const calls = recordCalls(US_BASE, (call) =>
				call.path.endsWith('/create')
					? [200, { invite_code: 'inv-new', email_status: 'sent' }]
					: [200, {}],
			);
			const result = await runAdmin(changeRole(), [{ code: 'inv-old', email: 'ana@example.com' }]);
			expect(result.error).toBeUndefined();
			expect(calls).toEqual([
				{
					method: 'POST',
					path: '/latest/auth/invite/delete',
					authorization: 'Bearer proj-1:sk-secret',
					body: { invite_code: 'inv-old' },
				},
				{
					method: 'POST',
					path: '/latest/auth/invite/create',
					authorization: 'Bearer proj-1:sk-secret',
					body: { email: 'ana@example.com', permissions: permissions({ 'role:viewer': true }) },
				},
			]);
			expect(result.output()).toEqual([
				{
					json: {
						invite_code: 'inv-new',
						email_status: 'sent',
						previous_invite_code: 'inv-old',
						email: 'ana@example.com',
						roles: ['role:viewer'],
						auto_accepted: false,
					},
					pairedItem: { item: 0 },
				},
			]);
		});

		it('takes the invite picked From list (version 2.1)', async () => {
			const calls = recordCalls(US_BASE, (call) =>
				call.path.endsWith('/create') ? [200, { invite_code: 'inv-new' }] : [200, {}],
			);
			const result = await runAdmin(
				adminNode(
					{
						resource: 'invite',
						operation: 'changeRole',
						inviteCode: fromList('inv-old', 'ana@example.com'),
						email: 'ana@example.com',
						roles: ['role:viewer'],
					},
					false,
					2.1,
				),
			);
			expect(result.error).toBeUndefined();
			expect(calls.map(({ path, body }) => ({ path, body }))).toEqual([
				{ path: '/latest/auth/invite/delete', body: { invite_code: 'inv-old' } },
				{
					path: '/latest/auth/invite/create',
					body: { email: 'ana@example.com', permissions: permissions({ 'role:viewer': true }) },
				},
			]);
		});

		it('deletes and creates the invite in the project the Project field names', async () => {
			const calls = recordCalls(US_BASE, (call) =>
				call.path.endsWith('/create') ? [200, { invite_code: 'inv-new' }] : [200, {}],
			);
			const result = await runAdmin(
				adminNode({
					resource: 'invite',
					operation: 'changeRole',
					project: fromList('proj-launch', 'Launch'),
					inviteCode: 'inv-old',
					email: 'ana@example.com',
					roles: ['admin'],
				}),
			);
			expect(calls).toEqual([
				{
					method: 'POST',
					path: '/latest/auth/invite/delete',
					authorization: 'Bearer proj-launch:sk-secret',
					body: { invite_code: 'inv-old' },
				},
				{
					method: 'POST',
					path: '/latest/auth/invite/create',
					authorization: 'Bearer proj-launch:sk-secret',
					body: { email: 'ana@example.com', permissions: permissions({ admin: true }) },
				},
			]);
			expect(result.json()).toEqual([
				{
					invite_code: 'inv-new',
					previous_invite_code: 'inv-old',
					email: 'ana@example.com',
					roles: ['admin'],
					auto_accepted: false,
				},
			]);
		});

		it('says plainly that the old invite is gone when the create is refused after the delete', async () => {
			recordCalls(US_BASE, (call) =>
				call.path.endsWith('/create')
					? [
							422,
							{ message: 'Email domain not allowed', error_type: 'validation' },
							{ 'x-request-id': 'req-9' },
						]
					: [200, {}],
			);
			const result = await runAdmin(changeRole(), [{ code: 'inv-old', email: 'ana@example.com' }]);
			expect(result.status).toBe('error');
			expect(result.error?.message).toBe(REPLACEMENT_REFUSED);
			expect(result.error?.description).toBe(REPLACEMENT_REFUSED_FIX);
		});

		it('says the new invite may exist when the create fails ambiguously (HTTP 500), never to create one', async () => {
			recordCalls(US_BASE, (call) =>
				call.path.endsWith('/create')
					? [500, { message: 'Internal error' }, { 'x-request-id': 'req-10' }]
					: [200, {}],
			);
			const result = await runAdmin(changeRole(), [{ code: 'inv-old', email: 'ana@example.com' }]);
			expect(result.status).toBe('error');
			expect(result.error?.message).toBe(REPLACEMENT_MAY_HAVE_RUN('inv-old', 'HTTP 500'));
			expect(result.error?.description).toBe(
				RUN_AGAIN_TWICE('create the replacement invite', "the project's pending invites"),
			);
		});

		it('does not create a new invite when the delete is refused', async () => {
			const calls = recordCalls(US_BASE, () => [
				404,
				{ message: 'Invite inv-x was not found in this project.' },
			]);
			const result = await runAdmin(changeRole(), [{ code: 'inv-x', email: 'ana@example.com' }]);
			expect(calls.map((c) => c.path)).toEqual(['/latest/auth/invite/delete']);
			expect(result.error?.message).toBe(
				'The service refused to delete invite inv-x: Invite inv-x was not found in this project.',
			);
		});

		it('checks every item before the first call: a bad item 1 stops the run with no call at all', async () => {
			const calls = recordCalls(US_BASE, () => [200, {}]);
			const result = await runAdmin(changeRole(), [
				{ code: 'inv-1', email: 'a@example.com' },
				{ code: 'inv/1', email: 'b@example.com' },
			]);
			expect(result.status).toBe('error');
			expect(result.error?.message).toBe(NOT_AN_INVITE_CODE('inv/1', 1));
			expect(calls).toHaveLength(0);
		});

		it('with Continue On Fail, an error item keeps the fix and the service request ID', async () => {
			recordCalls(US_BASE, () => [
				403,
				{ message: 'This operation requires the Admin role.' },
				{ 'x-request-id': 'req-cof' },
			]);
			const result = await runAdmin(changeRole(true), [{ code: 'inv-1', email: 'a@example.com' }]);
			expect(result.output()).toEqual([
				{
					json: {
						error: NEEDS_ADMIN('delete invite inv-1', 'This operation requires the Admin role.'),
						description: ADMIN_ROLE_FIX('req-cof'),
						requestId: 'req-cof',
					},
					pairedItem: { item: 0 },
				},
			]);
		});

		it('reads the credential for the base URL once per execution, not once per call', async () => {
			recordCalls(US_BASE, (call) =>
				call.path.endsWith('/create') ? [200, { invite_code: 'inv-new' }] : [200, {}],
			);
			const reads = jest.spyOn(TestCredentialsHelper.prototype, 'getDecrypted');
			const result = await runAdmin(changeRole(), [
				{ code: 'inv-1', email: 'a@example.com' },
				{ code: 'inv-2', email: 'b@example.com' },
				{ code: 'inv-3', email: 'c@example.com' },
			]);
			expect(result.status).toBe('success');
			// One read for the base URL, plus one per request to sign it (6 requests).
			expect(reads).toHaveBeenCalledTimes(7);
			reads.mockRestore();
		});

		it('with Continue On Fail, bad input and refusals become error items and the rest carry on', async () => {
			const calls = recordCalls(US_BASE, (call) => {
				if (
					call.path.endsWith('/delete') &&
					(call.body as { invite_code: string }).invite_code === 'inv-gone'
				) {
					return [404, { message: 'Invite inv-gone was not found in this project.' }];
				}
				return call.path.endsWith('/create') ? [200, { invite_code: 'inv-new' }] : [200, {}];
			});
			const result = await runAdmin(changeRole(true), [
				{ code: 'inv-1', email: 'not-an-email' },
				{ code: 'inv-gone', email: 'b@example.com' },
				{ code: 'inv-3', email: 'c@example.com' },
			]);
			expect(result.status).toBe('success');
			expect(result.output()).toEqual([
				{
					json: {
						error: "'not-an-email' in the 'Email' field of item 0 is not an e-mail address",
						description: 'Enter an address such as name@example.com.',
					},
					pairedItem: { item: 0 },
				},
				{
					json: {
						error:
							'The service refused to delete invite inv-gone: Invite inv-gone was not found in this project.',
						description:
							'Check the ID or code you entered: the service does not know it in this project.',
					},
					pairedItem: { item: 1 },
				},
				{
					json: {
						invite_code: 'inv-new',
						previous_invite_code: 'inv-3',
						email: 'c@example.com',
						roles: ['role:viewer'],
						auto_accepted: false,
					},
					pairedItem: { item: 2 },
				},
			]);
			expect(calls.map((c) => `${c.path} ${JSON.stringify(c.body)}`)).toEqual([
				'/latest/auth/invite/delete {"invite_code":"inv-gone"}',
				'/latest/auth/invite/delete {"invite_code":"inv-3"}',
				`/latest/auth/invite/create ${JSON.stringify({ email: 'c@example.com', permissions: permissions({ 'role:viewer': true }) })}`,
			]);
		});
	});
});
