import { adminNode, fromList, projectById, recordCalls, runAdmin, US_BASE } from '../../helpers';

describe('Agent Platform Admin › Invite', () => {
	describe('Delete', () => {
		it('posts the invite code and outputs { deleted: true }', async () => {
			const calls = recordCalls(US_BASE, () => [200, {}]);
			const result = await runAdmin(
				adminNode({
					resource: 'invite',
					operation: 'delete',
					inviteCode: '={{ $json.code }}',
				}),
				[{ code: 'inv-a' }, { code: 'inv-b' }],
			);
			expect(calls.map(({ path, body, authorization }) => ({ path, body, authorization }))).toEqual(
				[
					{
						path: '/latest/auth/invite/delete',
						body: { invite_code: 'inv-a' },
						authorization: 'Bearer proj-1:sk-secret',
					},
					{
						path: '/latest/auth/invite/delete',
						body: { invite_code: 'inv-b' },
						authorization: 'Bearer proj-1:sk-secret',
					},
				],
			);
			expect(result.output()).toEqual([
				{ json: { deleted: true }, pairedItem: { item: 0 } },
				{ json: { deleted: true }, pairedItem: { item: 1 } },
			]);
		});

		it('takes the invite picked From list (version 2.1)', async () => {
			const calls = recordCalls(US_BASE, () => [200, {}]);
			const result = await runAdmin(
				adminNode(
					{
						resource: 'invite',
						operation: 'delete',
						inviteCode: fromList('inv-a', 'ana@example.com'),
					},
					false,
					2.1,
				),
			);
			expect(calls.map(({ path, body }) => ({ path, body }))).toEqual([
				{ path: '/latest/auth/invite/delete', body: { invite_code: 'inv-a' } },
			]);
			expect(result.output()).toEqual([{ json: { deleted: true }, pairedItem: { item: 0 } }]);
		});

		it('deletes the invite of the project the Project field names', async () => {
			const calls = recordCalls(US_BASE, () => [200, {}]);
			const result = await runAdmin(
				adminNode({
					resource: 'invite',
					operation: 'delete',
					project: projectById('={{ $json.project }}'),
					inviteCode: 'inv-a',
				}),
				[{ project: 'proj-launch' }],
			);
			expect(calls).toEqual([
				{
					method: 'POST',
					path: '/latest/auth/invite/delete',
					authorization: 'Bearer proj-launch:sk-secret',
					body: { invite_code: 'inv-a' },
				},
			]);
			expect(result.output()).toEqual([{ json: { deleted: true }, pairedItem: { item: 0 } }]);
		});

		it('keeps the service’s own refusal whole, however many words it takes', async () => {
			const said =
				'This API key is not allowed to delete invites: the action needs users:write on project proj-launch (role admin or higher)';
			recordCalls(US_BASE, () => [403, { message: said }]);
			const result = await runAdmin(
				adminNode({
					resource: 'invite',
					operation: 'delete',
					project: projectById('proj-launch'),
					inviteCode: 'inv-a',
				}),
			);
			expect(said.length).toBeGreaterThan(100);
			expect(result.error?.message).toContain(`The service refused to delete the invite: ${said}`);
		});

		it('says which project did not know the invite (404)', async () => {
			recordCalls(US_BASE, () => [404, { message: 'Invite inv-a was not found in this project.' }]);
			const result = await runAdmin(
				adminNode({
					resource: 'invite',
					operation: 'delete',
					project: projectById('proj-launch'),
					inviteCode: 'inv-a',
				}),
			);
			expect(result.error?.message).toBe(
				'The service refused to delete the invite: Invite inv-a was not found in this project.',
			);
			expect(result.error?.description).toBe(
				'Check the ID or code you entered: the service does not know it in project proj-launch.',
			);
		});
	});
});
