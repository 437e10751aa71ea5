import { adminNode, recordCalls, runAdmin, US_BASE } from '../../helpers';

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
	});
});
