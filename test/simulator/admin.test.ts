import { runWorkflow } from '../harness';
import { startServices, type Simulator } from './';
import { adminNode } from '../nodes/AgentPlatformAdmin/helpers';

describe('Agent Platform Admin against the service simulator', () => {
	let sim: Simulator;
	beforeAll(async () => {
		sim = await startServices();
	});
	afterAll(async () => {
		await sim.close();
	});

	const credentials = (apiKey: string) => ({
		agentPlatformApi: { region: 'custom', baseUrl: sim.url, projectId: 'proj-demo', apiKey },
	});

	it('invites an organization member (auto-accepted), downgrades them with overwrite, then removes them', async () => {
		const result = await runWorkflow({
			nodes: [
				{
					...adminNode({
						resource: 'invite',
						operation: 'create',
						email: 'kim@example.com',
						roles: ['role:editor'],
					}),
					name: 'Invite',
				},
				{
					...adminNode({
						resource: 'user',
						operation: 'updateRole',
						userId: '={{ $json.user_id }}',
						roles: ['role:viewer'],
						options: { overwrite: true },
					}),
					name: 'Downgrade',
				},
			],
			credentials: credentials('sk-demo-admin'),
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Invite')[0]).toMatchObject({ auto_accepted: true, user_id: 'usr-kim' });
		expect(sim.services.admin.usersOf('proj-demo')['usr-kim']).toEqual({
			email: 'kim@example.com',
			actions: { 'role:viewer': true },
		});

		const removed = await runWorkflow({
			nodes: adminNode({ resource: 'user', operation: 'removeFromProject', userId: 'usr-kim' }),
			credentials: credentials('sk-demo-admin'),
		});
		expect(removed.json()).toEqual([{ removed: true, user_id: 'usr-kim' }]);
		expect(sim.services.admin.usersOf('proj-demo')['usr-kim']).toBeUndefined();
	});

	it('refuses a key without the Admin role, and the error says so', async () => {
		const result = await runWorkflow({
			nodes: adminNode({
				resource: 'invite',
				operation: 'create',
				email: 'new@example.com',
				roles: ['role:viewer'],
			}),
			credentials: credentials('sk-demo-member'),
		});
		expect(result.error?.message).toBe(
			'The service refused to create the invite: This operation requires the Admin role. (this needs an API key with the Admin role on the project named in the credential)',
		);
		expect(result.error?.description).toMatch(
			/^This operation needs an API key with the Admin role.*\(request ID req-\d{6}\)$/,
		);
	});

	it('answers 422 to a user ID outside the documented form (the node never sends one)', async () => {
		const response = await fetch(`${sim.url}/latest/auth/users/a%20b/update`, {
			method: 'POST',
			headers: {
				authorization: 'Bearer proj-demo:sk-demo-admin',
				'content-type': 'application/json',
			},
			body: '{}',
		});
		expect(response.status).toBe(422);
		expect(await response.json()).toEqual({
			message:
				"Path parameter 'user_id' must match ^[a-zA-Z0-9._-]+$ and be at most 240 characters.",
			error_type: 'validation_error',
			error_audience: 'platform',
		});
	});
});
