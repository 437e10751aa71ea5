import { adminNode, fromList, recordCalls, runAdmin, US_BASE } from '../../helpers';
import { NEEDS_ADMIN } from '../../messages';

describe('Agent Platform Admin › User › Remove From Project', () => {
	it('posts an empty object and outputs the removal', async () => {
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

	it('takes the user picked From list (version 2.1)', async () => {
		const calls = recordCalls(US_BASE, () => [200, {}]);
		const result = await runAdmin(
			adminNode(
				{
					resource: 'user',
					operation: 'removeFromProject',
					userId: fromList('usr-sam', 'Sam'),
				},
				false,
				2.1,
			),
		);
		expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
			'POST /latest/auth/users/usr-sam/delete',
		]);
		expect(result.output()).toEqual([
			{ json: { removed: true, user_id: 'usr-sam' }, pairedItem: { item: 0 } },
		]);
	});

	it('removes the user from the project the Project field names', async () => {
		const calls = recordCalls(US_BASE, () => [200, {}]);
		const result = await runAdmin(
			adminNode({
				resource: 'user',
				operation: 'removeFromProject',
				project: fromList('proj-launch', 'Launch'),
				userId: 'usr-sam',
			}),
		);
		expect(calls).toEqual([
			{
				method: 'POST',
				path: '/latest/auth/users/usr-sam/delete',
				authorization: 'Bearer proj-launch:sk-secret',
				body: {},
			},
		]);
		expect(result.output()).toEqual([
			{ json: { removed: true, user_id: 'usr-sam' }, pairedItem: { item: 0 } },
		]);
	});

	it('with a non-Admin key explains the Admin requirement', async () => {
		recordCalls(US_BASE, () => [401, { message: 'Invalid API key or authorization header.' }]);
		const result = await runAdmin(
			adminNode({ resource: 'user', operation: 'removeFromProject', userId: 'usr-sam' }),
		);
		expect(result.error?.message).toBe(
			NEEDS_ADMIN('remove the user from the project', 'Invalid API key or authorization header.'),
		);
		expect(result.error?.description).toContain('needs an API key with the Admin role');
	});
});
