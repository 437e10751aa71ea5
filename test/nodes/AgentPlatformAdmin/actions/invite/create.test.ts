import { adminNode, permissions, recordCalls, runAdmin, US_BASE } from '../../helpers';

describe('Agent Platform Admin › Invite', () => {
	describe('Create', () => {
		it('sends the e-mail and the roles as permission actions with the project header', async () => {
			const calls = recordCalls(US_BASE, () => [
				200,
				{ invite_code: 'inv-1', email_status: 'sent' },
			]);
			const result = await runAdmin(
				adminNode({
					resource: 'invite',
					operation: 'create',
					email: ' Ana@Example.com ',
					roles: ['role:editor', 'admin'],
				}),
			);
			expect(result.error).toBeUndefined();
			expect(calls).toEqual([
				{
					method: 'POST',
					path: '/latest/auth/invite/create',
					authorization: 'Bearer proj-1:sk-secret',
					body: {
						email: 'Ana@Example.com',
						permissions: permissions({ 'role:editor': true, admin: true }),
					},
				},
			]);
			expect(result.output()).toEqual([
				{
					json: {
						invite_code: 'inv-1',
						email_status: 'sent',
						email: 'Ana@Example.com',
						roles: ['role:editor', 'admin'],
						auto_accepted: false,
					},
					pairedItem: { item: 0 },
				},
			]);
		});

		it('says when the invite was auto-accepted because the invitee is already a member', async () => {
			recordCalls(US_BASE, () => [
				200,
				{ invite_code: 'inv-2', accepted: true, user_id: 'usr-sam' },
			]);
			const result = await runAdmin(
				adminNode({
					resource: 'invite',
					operation: 'create',
					email: '={{ $json.email }}',
					roles: ['role:viewer'],
				}),
				[{ email: 'sam@example.com' }],
			);
			expect(result.json()).toEqual([
				{
					invite_code: 'inv-2',
					accepted: true,
					user_id: 'usr-sam',
					email: 'sam@example.com',
					roles: ['role:viewer'],
					auto_accepted: true,
				},
			]);
		});

		it.each([
			[{ email: '={{ $json.nothing }}', roles: ['admin'] }, "The 'Email' field of item 0 is empty"],
			[
				{ email: 'ana@example', roles: ['admin'] },
				"'ana@example' in the 'Email' field of item 0 is not an e-mail address",
			],
			[
				{ email: 'ana example.com', roles: ['admin'] },
				"'ana example.com' in the 'Email' field of item 0 is not an e-mail address",
			],
			[
				{ email: 'ana@example.com', roles: '={{ [] }}' },
				"No role chosen in the 'Roles' field of item 0: choose Admin, Editor or Viewer",
			],
			[
				{ email: 'ana@example.com', roles: '={{ ["owner"] }}' },
				"'owner' in the 'Roles' field of item 0 is not a role the service knows: use Admin, Editor or Viewer",
			],
		])('rejects %j before any call: %s', async (fields, message) => {
			const calls = recordCalls(US_BASE, () => [200, {}]);
			const result = await runAdmin(
				adminNode({ resource: 'invite', operation: 'create', ...fields }),
			);
			expect(result.status).toBe('error');
			expect(result.error?.message).toBe(message);
			expect(calls).toHaveLength(0);
		});

		it('accepts role names in any case, with or without the role: prefix, and sends the wire form', async () => {
			const calls = recordCalls(US_BASE, () => [200, { invite_code: 'inv-3' }]);
			const result = await runAdmin(
				adminNode({
					resource: 'invite',
					operation: 'create',
					email: 'ana@example.com',
					roles: '={{ ["Editor", "ROLE:VIEWER", "role:Admin", "editor"] }}',
				}),
			);
			expect(result.error).toBeUndefined();
			expect(calls.map((call) => call.body)).toEqual([
				{
					email: 'ana@example.com',
					permissions: permissions({ 'role:editor': true, 'role:viewer': true, admin: true }),
				},
			]);
			expect(result.json()).toEqual([
				{
					invite_code: 'inv-3',
					email: 'ana@example.com',
					roles: ['role:editor', 'role:viewer', 'admin'],
					auto_accepted: false,
				},
			]);
		});

		it('tells the user the key needs the Admin role when the service answers 403', async () => {
			recordCalls(US_BASE, () => [
				403,
				{ message: 'This operation requires the Admin role.', error_type: 'forbidden' },
				{ 'x-request-id': 'req-403' },
			]);
			const result = await runAdmin(
				adminNode({
					resource: 'invite',
					operation: 'create',
					email: 'a@example.com',
					roles: ['admin'],
				}),
			);
			expect(result.error?.message).toBe(
				'The service refused to create the invite: This operation requires the Admin role. (this needs an API key with the Admin role on the project named in the credential)',
			);
			expect(result.error?.description).toBe(
				'This operation needs an API key with the Admin role on the project named in the credential. Create the key as an Admin under Integrations & API Keys, or ask an Admin to run it. (request ID req-403)',
			);
		});
	});
});
