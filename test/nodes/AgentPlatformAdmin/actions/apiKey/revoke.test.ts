import { directorySuite } from '../../directory';
import { adminNode, fromList, recordCalls, runAdmin, US_BASE } from '../../helpers';

describe('Agent Platform › API Key › Revoke', () => {
	const suite = directorySuite();

	it('revokes the key: the platform refuses it afterwards', async () => {
		const [created] = (
			await suite.run({ resource: 'apiKey', operation: 'create', userId: 'usr-ana' })
		).json();
		suite.mark();
		const result = await suite.run({
			resource: 'apiKey',
			operation: 'revoke',
			userId: 'usr-ana',
			keyId: created.id,
		});
		expect(suite.calls().map((c) => [c.method, c.path, c.body])).toEqual([
			['POST', '/latest/auth/users/usr-ana/keys/delete', { id: created.id }],
		]);
		expect(result.json()).toEqual([{ revoked: true, user_id: 'usr-ana', id: created.id }]);
		const refused = await suite.run(
			{ resource: 'organization', operation: 'getInfo' },
			{ apiKey: created.api_key as string },
		);
		expect(refused.error?.message).toMatch(
			/^The service refused to read the organization info: Invalid API key/,
		);
	});

	it('needs an Admin key, and refuses an empty key ID before any call', async () => {
		const empty = await suite.run({
			resource: 'apiKey',
			operation: 'revoke',
			userId: 'usr-ana',
			keyId: '={{ "" }}',
		});
		expect(empty.error?.message).toBe("The 'API Key ID' field of item 0 is empty");
		expect(suite.calls()).toEqual([]);
		const member = await suite.run(
			{ resource: 'apiKey', operation: 'revoke', userId: 'usr-ana', keyId: 'key-1' },
			{ apiKey: 'sk-demo-member' },
		);
		expect(member.error?.message).toMatch(
			/^The service refused to revoke the API key: This operation requires the Admin role\./,
		);
	});

	it('takes the user and the key picked From list (version 2.1)', async () => {
		const calls = recordCalls(US_BASE, () => [200, {}]);
		const result = await runAdmin(
			adminNode(
				{
					resource: 'apiKey',
					operation: 'revoke',
					userId: fromList('usr-ana', 'Ana'),
					keyId: fromList('key-8c1d', 'n8n'),
				},
				false,
				2.1,
			),
		);
		expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
			['POST', '/latest/auth/users/usr-ana/keys/delete', { id: 'key-8c1d' }],
		]);
		expect(result.json()).toEqual([{ revoked: true, user_id: 'usr-ana', id: 'key-8c1d' }]);
	});
});
