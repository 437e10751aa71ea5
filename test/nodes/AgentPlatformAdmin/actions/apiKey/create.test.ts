import { directorySuite } from '../../directory';
import { adminNode, fromList, recordCalls, runAdmin, US_BASE } from '../../helpers';

describe('Agent Platform › API Key › Create', () => {
	const suite = directorySuite();

	it('creates a key for a user with the options given, and the key works', async () => {
		const result = await suite.run({
			resource: 'apiKey',
			operation: 'create',
			userId: 'usr-ana',
			options: { label: 'n8n', ttlHours: 24 },
		});
		expect(suite.calls().map((c) => [c.method, c.path, c.body])).toEqual([
			['POST', '/latest/auth/users/usr-ana/keys/create', { label: 'n8n', ttl_hours: 24 }],
		]);
		const [created] = result.json();
		expect(created).toEqual({
			user_id: 'usr-ana',
			api_key: expect.stringMatching(/^sk-/),
			id: expect.any(String),
		});
		const withNewKey = await suite.run(
			{ resource: 'organization', operation: 'getInfo' },
			{ apiKey: created.api_key as string },
		);
		expect(withNewKey.error).toBeUndefined();
	});

	it('sends an empty body without options, and refuses a bad user ID before any call', async () => {
		await suite.run({ resource: 'apiKey', operation: 'create', userId: 'usr-ana' });
		expect(suite.calls()[0].body).toEqual({});
		suite.mark();
		const bad = await suite.run({ resource: 'apiKey', operation: 'create', userId: 'a/b' });
		expect(bad.error?.message).toBe(
			"'a/b' in the 'User ID' field of item 0 is not a user ID: use letters, digits, '.', '_' and '-' only (at most 240 characters), and not '.' or '..'",
		);
		expect(suite.calls()).toEqual([]);
	});

	it('takes the user picked From list (version 2.1)', async () => {
		const calls = recordCalls(US_BASE, () => [200, { id: 'key-1', api_key: 'sk-new' }]);
		const result = await runAdmin(
			adminNode(
				{
					resource: 'apiKey',
					operation: 'create',
					userId: fromList('usr-ana', 'Ana'),
					options: { label: 'n8n' },
				},
				false,
				2.1,
			),
		);
		expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
			['POST', '/latest/auth/users/usr-ana/keys/create', { label: 'n8n' }],
		]);
		expect(result.json()).toEqual([{ user_id: 'usr-ana', id: 'key-1', api_key: 'sk-new' }]);
	});
});
