import { directorySuite } from '../../directory';
import { fromList } from '../../helpers';
import { KEY_OUTSIDE_PROJECT } from '../../messages';

describe('Agent Platform › User › Get Many', () => {
	const suite = directorySuite();
	const ANA = {
		_id: 'usr-ana',
		email: 'ana@example.com',
		type: 'user',
		permissions: { projects: { 'proj-demo': { actions: { admin: true } } } },
	};

	it("lists the project's users with their roles", async () => {
		const result = await suite.run({ resource: 'user', operation: 'getMany', returnAll: true });
		// A first page shorter than asked may be the platform's own page size: one more read tells.
		expect(suite.calls().map((c) => [c.method, c.path, c.authorization, c.body])).toEqual([
			[
				'POST',
				'/latest/auth/users/list',
				'Bearer proj-demo:sk-demo-admin',
				{ page: 1, page_size: 100 },
			],
			[
				'POST',
				'/latest/auth/users/list',
				'Bearer proj-demo:sk-demo-admin',
				{ page: 2, page_size: 100 },
			],
		]);
		expect(result.json()).toEqual([ANA]);
	});

	it('lists the users of the project the Project field names', async () => {
		const project = await suite.createProject();
		const inNewProject = { project: fromList(project, 'Launch') };
		await suite.run({
			resource: 'invite',
			operation: 'create',
			...inNewProject,
			email: 'sam@example.com',
			roles: ['role:viewer'],
		});
		suite.mark();
		const result = await suite.run({
			resource: 'user',
			operation: 'getMany',
			...inNewProject,
			returnAll: true,
		});
		expect(suite.calls().map((c) => [c.method, c.path, c.authorization, c.body])).toEqual([
			[
				'POST',
				'/latest/auth/users/list',
				`Bearer ${project}:sk-demo-admin`,
				{ page: 1, page_size: 100 },
			],
			[
				'POST',
				'/latest/auth/users/list',
				`Bearer ${project}:sk-demo-admin`,
				{ page: 2, page_size: 100 },
			],
		]);
		expect(result.json()).toEqual([
			{
				_id: 'usr-sam',
				email: 'sam@example.com',
				type: 'user',
				permissions: { projects: { [project]: { actions: { 'role:viewer': true } } } },
			},
		]);
	});

	it('names the project when the key does not reach it', async () => {
		const result = await suite.run({
			resource: 'user',
			operation: 'getMany',
			project: fromList('proj-gone', 'Gone'),
		});
		expect(result.error?.message).toBe(
			KEY_OUTSIDE_PROJECT(
				"list the project's users",
				'The API key has no access to this project.',
				'proj-gone',
			),
		);
	});

	it('filters by e-mail address with an exact-match filter', async () => {
		const result = await suite.run({
			resource: 'user',
			operation: 'getMany',
			filters: { email: 'ana@example.com' },
		});
		expect(suite.calls()[0].body).toEqual({
			page: 1,
			page_size: 100,
			filters: [
				{
					field: 'email',
					filter_type: 'exact_match',
					condition: '==',
					condition_value: 'ana@example.com',
				},
			],
		});
		expect(result.json()).toEqual([ANA]);
		const none = await suite.run({
			resource: 'user',
			operation: 'getMany',
			filters: { email: 'nobody@example.com' },
		});
		expect(none.json()).toEqual([]);
	});

	it('refuses a filter that is not an e-mail address before any call', async () => {
		const result = await suite.run({
			resource: 'user',
			operation: 'getMany',
			filters: { email: 'ana' },
		});
		expect(result.error?.message).toBe(
			"'ana' in the 'Email' field of item 0 is not an e-mail address",
		);
		expect(suite.calls()).toEqual([]);
	});
});
