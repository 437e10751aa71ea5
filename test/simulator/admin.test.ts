import { runWorkflow } from '../harness';
import { DEMO_ADMIN_SEED, startServices, type Simulator } from './';
import { adminNode } from '../nodes/AgentPlatformAdmin/helpers';
import { NEEDS_ADMIN } from '../nodes/AgentPlatformAdmin/messages';

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
			NEEDS_ADMIN('create the invite', 'This operation requires the Admin role.'),
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
			// Refused by the contract (test/contracts/agentPlatform.ts) before the module sees it.
			message:
				'path.user_id does not match ^[a-zA-Z0-9._-]+$; body.permissions is required and missing',
			error_type: 'validation_error',
			error_audience: 'platform',
		});
	});

	it('takes the project from the authorization header: any project of the key’s organization, no other', async () => {
		const other = await startServices({
			admin: {
				...DEMO_ADMIN_SEED,
				organizations: [
					...DEMO_ADMIN_SEED.organizations!,
					{ id: 'org-other', members: [{ userId: 'usr-lee', email: 'lee@example.com' }] },
				],
				projects: [
					...DEMO_ADMIN_SEED.projects!,
					{ id: 'proj-other', name: 'Elsewhere', organizationId: 'org-other' },
				],
			},
		});
		try {
			const post = async (path: string, project: string, body: object) => {
				const response = await fetch(`${other.url}/latest${path}`, {
					method: 'POST',
					headers: {
						authorization: `Bearer ${project}:sk-demo-admin`,
						'content-type': 'application/json',
					},
					body: JSON.stringify(body),
				});
				return [response.status, (await response.json()) as Record<string, unknown>] as const;
			};
			const invite = {
				email: 'kim@example.com',
				permissions: { items: { relevanceDefault: { actions: { 'role:viewer': true } } } },
			};
			const [, created] = await post('/projects/create', '', {
				name: 'Launch',
				organization_id: 'org-demo',
			});
			const launch = String(created.project_id);
			// The key has access to the whole account: the new project of its organization works.
			expect((await post('/auth/invite/create', launch, invite))[0]).toBe(200);
			expect(other.services.admin.usersOf(launch)).toEqual({
				'usr-kim': { email: 'kim@example.com', actions: { 'role:viewer': true } },
			});
			expect(other.services.admin.usersOf('proj-demo')).toEqual({});
			// Another organization's project, or an unknown one, is refused, and nothing changes.
			for (const project of ['proj-other', 'proj-unknown']) {
				expect(await post('/auth/invite/create', project, invite)).toEqual([
					401,
					{
						message: 'The API key has no access to this project.',
						error_type: 'unauthorized',
						error_audience: 'platform',
					},
				]);
			}
			expect(other.services.admin.projects.get('proj-other')!.invites).toEqual({});
		} finally {
			await other.close();
		}
	});
});
