import { adminNode, fromList, projectById, recordCalls, runAdmin, US_BASE } from '../../helpers';

/** User → Update Role node for `userId` with `roles`, plus any other parameters. */
const updateRole = (userId: string, roles: unknown, parameters: Record<string, unknown> = {}) =>
	adminNode({ resource: 'user', operation: 'updateRole', userId, roles, ...parameters });

describe('Agent Platform Admin › User › Update Role', () => {
	it('merges by default: sends the chosen roles without the overwrite flag', async () => {
		const calls = recordCalls(US_BASE, () => [200, {}]);
		const result = await runAdmin(updateRole(' usr.7_a-B ', ['role:editor']));
		expect(calls).toEqual([
			{
				method: 'POST',
				path: '/latest/auth/users/usr.7_a-B/update',
				authorization: 'Bearer proj-1:sk-secret',
				body: {
					permissions: { items: { relevanceDefault: { actions: { 'role:editor': true } } } },
				},
			},
		]);
		expect(result.output()).toEqual([
			{
				json: {
					updated: true,
					user_id: 'usr.7_a-B',
					roles: ['role:editor'],
					replaced_existing_roles: false,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('takes the user picked From list (version 2.1)', async () => {
		const calls = recordCalls(US_BASE, () => [200, {}]);
		const result = await runAdmin(
			adminNode(
				{
					resource: 'user',
					operation: 'updateRole',
					userId: fromList('usr-sam', 'Sam'),
					roles: ['role:editor'],
				},
				false,
				2.1,
			),
		);
		expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
			'POST /latest/auth/users/usr-sam/update',
		]);
		expect(result.json()).toEqual([
			{ updated: true, user_id: 'usr-sam', roles: ['role:editor'], replaced_existing_roles: false },
		]);
	});

	it('with Replace Existing Roles sends overwrite: true', async () => {
		const calls = recordCalls(US_BASE, () => [200, {}]);
		const result = await runAdmin(
			updateRole('usr-sam', ['role:viewer'], { options: { overwrite: true } }),
		);
		expect(calls[0].body).toEqual({
			permissions: { items: { relevanceDefault: { actions: { 'role:viewer': true } } } },
			overwrite: true,
		});
		expect(result.json()).toEqual([
			{ updated: true, user_id: 'usr-sam', roles: ['role:viewer'], replaced_existing_roles: true },
		]);
	});

	it('updates the roles in the project the Project field names', async () => {
		const calls = recordCalls(US_BASE, () => [200, {}]);
		const result = await runAdmin(
			updateRole('usr-sam', ['admin'], {
				project: projectById("={{ $('Start').item.json.project }}"),
			}),
			[{ project: 'proj-launch' }],
		);
		expect(calls).toEqual([
			{
				method: 'POST',
				path: '/latest/auth/users/usr-sam/update',
				authorization: 'Bearer proj-launch:sk-secret',
				body: { permissions: { items: { relevanceDefault: { actions: { admin: true } } } } },
			},
		]);
		expect(result.output()).toEqual([
			{
				json: {
					updated: true,
					user_id: 'usr-sam',
					roles: ['admin'],
					replaced_existing_roles: false,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('rejects a missing user ID and no roles before any call', async () => {
		const calls = recordCalls(US_BASE, () => [200, {}]);
		const noUser = await runAdmin(updateRole('={{ "  " }}', ['admin']));
		expect(noUser.error?.message).toBe("The 'User ID' field of item 0 is empty");
		const noRole = await runAdmin(updateRole('usr-1', '={{ [] }}'));
		expect(noRole.error?.message).toBe(
			"No role chosen in the 'Roles' field of item 0: choose Admin, Editor or Viewer",
		);
		expect(calls).toHaveLength(0);
	});
});
