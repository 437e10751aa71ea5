import { directorySuite } from '../../directory';
import { projectById } from '../../helpers';
import { NEEDS_ADMIN } from '../../messages';

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
		expect(suite.calls().map((c) => [c.method, c.path, c.authorization, c.body])).toEqual([
			['POST', '/latest/auth/invite/list', 'Bearer proj-demo:sk-demo-admin', {}],
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

	it('lists the invites of the project the Project field names, not the credential’s', async () => {
		await invite('new@example.com');
		const project = await suite.createProject();
		const inNewProject = { project: projectById(project) };
		const code = (
			await suite.run({
				resource: 'invite',
				operation: 'create',
				...inNewProject,
				email: 'launch@example.com',
				roles: ['role:editor'],
			})
		).json()[0].invite_code;
		suite.mark();
		const result = await suite.run({
			resource: 'invite',
			operation: 'getMany',
			...inNewProject,
			returnAll: true,
		});
		expect(suite.calls().map((c) => [c.method, c.path, c.authorization, c.body])).toEqual([
			['POST', '/latest/auth/invite/list', `Bearer ${project}:sk-demo-admin`, {}],
		]);
		expect(result.json()).toEqual([
			{
				_id: code,
				email: 'launch@example.com',
				email_status: 'sent',
				permissions: { actions: { 'role:editor': true } },
				project,
			},
		]);
	});

	it('refuses a project of another organization: the key does not reach it', async () => {
		suite.addProject('proj-other-org', 'Elsewhere', 'org-other');
		const result = await suite.run({
			resource: 'invite',
			operation: 'getMany',
			project: projectById('proj-other-org'),
		});
		expect(result.error?.message).toBe(
			NEEDS_ADMIN(
				"list the project's invites",
				'The API key has no access to this project.',
				'project proj-other-org',
			),
		);
		expect(suite.calls().map((c) => [c.path, c.status])).toEqual([
			['/latest/auth/invite/list', 401],
		]);
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
