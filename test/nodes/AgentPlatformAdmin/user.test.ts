import { adminNode, recordCalls, runAdmin, US_BASE } from './helpers';

/** User → Update Role node for `userId` with `roles`, plus any other parameters. */
const updateRole = (userId: string, roles: unknown, parameters: Record<string, unknown> = {}) =>
	adminNode({ resource: 'user', operation: 'updateRole', userId, roles, ...parameters });

describe('Agent Platform Admin › User', () => {
	it('Update Role merges by default: sends the chosen roles without the overwrite flag', async () => {
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

	it('Update Role with Replace Existing Roles sends overwrite: true', async () => {
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

	it('Update Role rejects a missing user ID and no roles before any call', async () => {
		const calls = recordCalls(US_BASE, () => [200, {}]);
		const noUser = await runAdmin(updateRole('={{ "  " }}', ['admin']));
		expect(noUser.error?.message).toBe("The 'User ID' field of item 0 is empty");
		const noRole = await runAdmin(updateRole('usr-1', '={{ [] }}'));
		expect(noRole.error?.message).toBe(
			"No role chosen in the 'Roles' field of item 0: choose Admin, Editor or Viewer",
		);
		expect(calls).toHaveLength(0);
	});

	it('Remove From Project posts an empty object and outputs the removal', async () => {
		const calls = recordCalls(US_BASE, () => [200, {}]);
		const result = await runAdmin(
			adminNode({
				resource: 'user',
				operation: 'removeFromProject',
				userId: '={{ $json.id }}',
			}),
			[{ id: 'usr-sam' }, { id: 'usr-kim' }],
		);
		expect(calls).toEqual([
			{
				method: 'POST',
				path: '/latest/auth/users/usr-sam/delete',
				authorization: 'Bearer proj-1:sk-secret',
				body: {},
			},
			{
				method: 'POST',
				path: '/latest/auth/users/usr-kim/delete',
				authorization: 'Bearer proj-1:sk-secret',
				body: {},
			},
		]);
		expect(result.output()).toEqual([
			{ json: { removed: true, user_id: 'usr-sam' }, pairedItem: { item: 0 } },
			{ json: { removed: true, user_id: 'usr-kim' }, pairedItem: { item: 1 } },
		]);
	});

	it('Remove From Project with a non-Admin key explains the Admin requirement', async () => {
		recordCalls(US_BASE, () => [401, { message: 'Invalid API key or authorization header.' }]);
		const result = await runAdmin(
			adminNode({ resource: 'user', operation: 'removeFromProject', userId: 'usr-sam' }),
		);
		expect(result.error?.message).toBe(
			'The service refused to remove the user from the project: Invalid API key or authorization header. (this needs an API key with the Admin role on the project named in the credential)',
		);
		expect(result.error?.description).toContain('needs an API key with the Admin role');
	});
});
