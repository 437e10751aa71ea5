import { directorySuite } from '../../directory';

describe('Agent Platform › Invite › Get Many', () => {
	const suite = directorySuite();

	const invite = async (email: string) =>
		await suite.run({ resource: 'invite', operation: 'create', email, roles: ['role:viewer'] });

	it('lists the pending invites (not the auto-accepted ones) and stops at Limit', async () => {
		const first = (await invite('new@example.com')).json()[0].invite_code;
		await invite('kim@example.com'); // an organization member: accepted at once
		const second = (await invite('other@example.com')).json()[0].invite_code;
		suite.mark();
		const result = await suite.run({ resource: 'invite', operation: 'getMany', returnAll: true });
		expect(suite.calls().map((c) => [c.method, c.path, c.body])).toEqual([
			['POST', '/latest/auth/invite/list', {}],
		]);
		expect(result.json()).toEqual([
			{
				_id: first,
				email: 'new@example.com',
				email_status: 'sent',
				permissions: { actions: { 'role:viewer': true } },
				project: 'proj-demo',
			},
			{
				_id: second,
				email: 'other@example.com',
				email_status: 'sent',
				permissions: { actions: { 'role:viewer': true } },
				project: 'proj-demo',
			},
		]);
		const limited = await suite.run({ resource: 'invite', operation: 'getMany', limit: 1 });
		expect(limited.json().map((i) => i._id)).toEqual([first]);
	});

	it('needs an Admin key, and says so', async () => {
		const result = await suite.run(
			{ resource: 'invite', operation: 'getMany' },
			{ apiKey: 'sk-demo-member' },
		);
		expect(result.error?.message).toMatch(
			/^The service refused to list the project's invites: This operation requires the Admin role\./,
		);
	});
});
