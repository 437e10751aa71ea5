import { directorySuite } from '../../directory';

describe('Agent Platform › User › Get Current', () => {
	const suite = directorySuite();

	it('reads who the API key belongs to with GET /auth/info, with the credential’s project', async () => {
		const result = await suite.run(
			{ resource: 'user', operation: 'getCurrent' },
			{ apiKey: 'sk-demo-member' },
		);
		expect(suite.calls().map((c) => [c.method, c.path, c.authorization, c.body])).toEqual([
			['GET', '/latest/auth/info', 'Bearer proj-demo:sk-demo-member', undefined],
		]);
		expect(result.output()).toEqual([
			{
				json: {
					user_id: 'key-owner-mber',
					key_id: 'sk-dem',
					permissions: { projects: { 'proj-demo': { actions: { 'role:editor': true } } } },
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('names the key’s problem when the platform refuses it (401)', async () => {
		const result = await suite.run(
			{ resource: 'user', operation: 'getCurrent' },
			{ apiKey: 'sk-unknown' },
		);
		expect(result.error?.message).toMatch(
			/^The service refused to read who the API key belongs to: Invalid API key or authorization header\./,
		);
	});
});
