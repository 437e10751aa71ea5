import { directorySuite } from '../../directory';

describe('Agent Platform › API Key › Get Many', () => {
	const suite = directorySuite();

	it("lists a user's keys without the secret keys themselves", async () => {
		const created = await suite.run({
			resource: 'apiKey',
			operation: 'create',
			userId: 'usr-ana',
			options: { label: 'n8n' },
		});
		suite.mark();
		const result = await suite.run({
			resource: 'apiKey',
			operation: 'getMany',
			userId: 'usr-ana',
			returnAll: true,
		});
		expect(suite.calls().map((c) => [c.method, c.path, c.body])).toEqual([
			['POST', '/latest/auth/users/usr-ana/keys/list', {}],
		]);
		expect(result.json()).toEqual([{ _id: created.json()[0].id, label: 'n8n' }]);
	});

	it("says the user is not in the project (the platform's 404)", async () => {
		const result = await suite.run({
			resource: 'apiKey',
			operation: 'getMany',
			userId: 'usr-nobody',
		});
		expect(result.error?.message).toBe(
			"The service refused to list the user's API keys: User usr-nobody is not a member of this project.",
		);
	});
});
