/**
 * The admin node in a real n8n, installed from the packed tarball: manual trigger → Project Create
 * → Invite Create (an organization member, so the invite is auto-accepted) → Invite Change Role →
 * User Update Role → User Remove From Project, against the simulator's demo organization.
 */
import adminDemo from '../../examples/admin-demo.json';
import adminWorkflow from './workflows/admin.json';
import { startE2e, type E2e } from './runner';
import { NEEDS_ADMIN } from '../nodes/AgentPlatformAdmin/messages';

const CREDENTIAL_ID = adminWorkflow.nodes[1].credentials!.agentPlatformApi.id;

function credential(e2e: E2e, id: string, apiKey: string) {
	return {
		id,
		name: `E2E ${id}`,
		type: 'agentPlatformApi',
		data: { region: 'custom', baseUrl: e2e.sim.url, projectId: 'proj-demo', apiKey },
	};
}

/** The admin workflow using another credential id (and so another key). */
function withCredential(workflowId: string, credentialId: string) {
	const copy = JSON.parse(JSON.stringify(adminWorkflow)) as typeof adminWorkflow;
	copy.id = workflowId;
	copy.name = `${copy.name} (${credentialId})`;
	for (const node of copy.nodes) {
		if (node.credentials)
			node.credentials.agentPlatformApi = { id: credentialId, name: `E2E ${credentialId}` };
	}
	return copy;
}

/** The admin workflow with a user ID that would change the endpoint ('..') in Update User Role. */
function withDotSegmentUserId() {
	const copy = JSON.parse(JSON.stringify(adminWorkflow)) as typeof adminWorkflow;
	copy.id = 'e2eAdminWfBadId01';
	copy.name = `${copy.name} (bad user ID)`;
	const update = copy.nodes.find((node) => node.name === 'Update User Role')!;
	(update.parameters as Record<string, unknown>).userId = '..';
	return copy;
}

describe('admin node in n8n (e2e)', () => {
	let e2e: E2e;

	beforeAll(async () => {
		e2e = await startE2e({ shared: true });
		await e2e.importCredentials([
			credential(e2e, CREDENTIAL_ID, 'sk-demo-admin'),
			credential(e2e, 'e2eMemberCred001', 'sk-demo-member'),
			credential(e2e, adminDemo.nodes[1].credentials!.agentPlatformApi.id, 'sk-demo-admin'),
		]);
		await e2e.importWorkflow([
			adminWorkflow,
			withCredential('e2eAdminWfMember1', 'e2eMemberCred001'),
			adminDemo,
			withDotSegmentUserId(),
		]);
	});

	afterAll(async () => {
		await e2e?.stop();
	});

	it('creates a project, invites a member, changes roles and removes the user', async () => {
		const admin = e2e.sim.services.admin;
		const callsBefore = admin.calls.length;

		const run = await e2e.execute(adminWorkflow.id);

		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');
		expect(run.exitCode).toBe(0);
		expect(run.nodesRun).toEqual([
			'Start',
			'Create Project',
			'Invite Member',
			'Change Invite Role',
			'Update User Role',
			'Remove User',
		]);

		const [created] = run.items('Create Project');
		expect(run.items('Create Project')).toEqual([{ project_id: expect.stringMatching(/^proj-/) }]);
		const newProjectId = created.project_id as string;
		expect(newProjectId).not.toBe('proj-demo');

		const invite = run.items('Invite Member');
		expect(invite).toEqual([
			{
				invite_code: expect.stringMatching(/^inv-/),
				email_status: 'sent',
				accepted: true,
				user_id: 'usr-kim',
				email: 'kim@example.com',
				roles: ['role:editor'],
				auto_accepted: true,
			},
		]);
		const firstCode = invite[0].invite_code as string;

		const changed = run.items('Change Invite Role');
		expect(changed).toEqual([
			{
				invite_code: expect.stringMatching(/^inv-/),
				email_status: 'sent',
				accepted: true,
				user_id: 'usr-kim',
				previous_invite_code: firstCode,
				email: 'kim@example.com',
				roles: ['role:viewer'],
				auto_accepted: true,
			},
		]);
		const secondCode = changed[0].invite_code as string;
		expect(secondCode).not.toBe(firstCode);

		expect(run.items('Update User Role')).toEqual([
			{ updated: true, user_id: 'usr-kim', roles: ['admin'], replaced_existing_roles: true },
		]);
		expect(run.items('Remove User')).toEqual([{ removed: true, user_id: 'usr-kim' }]);
		for (const name of run.nodesRun.slice(1)) {
			expect(run.fullItems(name).map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
		}

		// Exactly these requests reached the service, with the credential's key.
		const projectAuth = 'Bearer proj-demo:sk-demo-admin';
		const roles = (actions: Record<string, boolean>) => ({
			permissions: { items: { relevanceDefault: { actions } } },
		});
		expect(admin.calls.slice(callsBefore)).toEqual([
			{
				method: 'POST',
				path: '/latest/projects/create',
				authorization: 'Bearer :sk-demo-admin',
				body: {
					name: 'E2E project',
					description: 'Created by the admin e2e test',
					organization_id: 'org-demo',
				},
				status: 200,
			},
			{
				method: 'POST',
				path: '/latest/auth/invite/create',
				authorization: projectAuth,
				body: { email: 'kim@example.com', ...roles({ 'role:editor': true }) },
				status: 200,
			},
			{
				method: 'POST',
				path: '/latest/auth/invite/delete',
				authorization: projectAuth,
				body: { invite_code: firstCode },
				status: 200,
			},
			{
				method: 'POST',
				path: '/latest/auth/invite/create',
				authorization: projectAuth,
				body: { email: 'kim@example.com', ...roles({ 'role:viewer': true }) },
				status: 200,
			},
			{
				method: 'POST',
				path: '/latest/auth/users/usr-kim/update',
				authorization: projectAuth,
				body: { ...roles({ admin: true }), overwrite: true },
				status: 200,
			},
			{
				method: 'POST',
				path: '/latest/auth/users/usr-kim/delete',
				authorization: projectAuth,
				body: {},
				status: 200,
			},
		]);

		// The service's final state: a new project, the replacement invite kept, the user removed.
		expect(admin.projects.get(newProjectId)).toEqual({
			project_id: newProjectId,
			name: 'E2E project',
			description: 'Created by the admin e2e test',
			organization_id: 'org-demo',
			users: {},
			invites: {},
		});
		const demo = admin.projects.get('proj-demo')!;
		expect(demo.invites).toEqual({
			[secondCode]: { email: 'kim@example.com', actions: { 'role:viewer': true }, accepted: true },
		});
		expect(demo.users).toEqual({});
	});

	it('stops with the service message when the key lacks the Admin role', async () => {
		const admin = e2e.sim.services.admin;
		const callsBefore = admin.calls.length;

		const run = await e2e.execute('e2eAdminWfMember1');

		expect(run.status).toBe('error');
		expect(run.exitCode).not.toBe(0);
		expect(run.nodesRun).toEqual(['Start', 'Create Project', 'Invite Member']);
		expect(run.error?.node?.name).toBe('Invite Member');
		expect(run.error?.message).toBe(
			NEEDS_ADMIN('create the invite', 'This operation requires the Admin role.'),
		);
		expect(run.error?.description).toMatch(/needs an API key with the Admin role/);
		expect(JSON.stringify(run.raw)).not.toContain('sk-demo-member');
		// Project creation is an organization call the member key may make; the invite was refused.
		expect(admin.calls.slice(callsBefore).map((call) => [call.path, call.status])).toEqual([
			['/latest/projects/create', 200],
			['/latest/auth/invite/create', 403],
		]);
	});

	it('runs the admin example workflow (examples/admin-demo.json) as shipped, in the project it creates', async () => {
		const admin = e2e.sim.services.admin;
		const callsBefore = admin.calls.length;
		const run = await e2e.execute(adminDemo.id);

		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');
		expect(run.items('Invite Member')).toEqual([
			expect.objectContaining({ user_id: 'usr-sam', auto_accepted: true, roles: ['role:editor'] }),
		]);
		expect(run.items('Update User Role')).toEqual([
			{
				updated: true,
				user_id: 'usr-sam',
				roles: ['role:editor', 'role:viewer'],
				replaced_existing_roles: true,
			},
		]);
		expect(run.items('Remove User From Project')).toEqual([{ removed: true, user_id: 'usr-sam' }]);
		// Create Project → Invite chained: every later call acts on the new project, not the credential's.
		const newProject = String(run.items('Create Project')[0].project_id);
		expect(newProject).toMatch(/^proj-/);
		expect(admin.calls.slice(callsBefore).map((call) => [call.path, call.authorization])).toEqual([
			['/latest/projects/create', 'Bearer :sk-demo-admin'],
			['/latest/auth/invite/create', `Bearer ${newProject}:sk-demo-admin`],
			['/latest/auth/invite/delete', `Bearer ${newProject}:sk-demo-admin`],
			['/latest/auth/invite/create', `Bearer ${newProject}:sk-demo-admin`],
			['/latest/auth/users/usr-sam/update', `Bearer ${newProject}:sk-demo-admin`],
			['/latest/auth/users/usr-sam/delete', `Bearer ${newProject}:sk-demo-admin`],
		]);
		expect(admin.usersOf(newProject)).toEqual({});
		expect(admin.usersOf('proj-demo')).toEqual({});
	});

	it('refuses a dot-segment user ID before any call, naming the field and the item', async () => {
		const admin = e2e.sim.services.admin;
		const callsBefore = admin.calls.length;

		const run = await e2e.execute('e2eAdminWfBadId01');

		expect(run.status).toBe('error');
		expect(run.error?.node?.name).toBe('Update User Role');
		expect(run.error?.message).toBe(
			"'..' in the 'User ID' field of item 0 is not a user ID: use letters, digits, '.', '_' and '-' only (at most 240 characters), and not '.' or '..'",
		);
		// The nodes before it ran; no call reached a user path.
		expect(admin.calls.slice(callsBefore).map((call) => call.path)).toEqual([
			'/latest/projects/create',
			'/latest/auth/invite/create',
			'/latest/auth/invite/delete',
			'/latest/auth/invite/create',
		]);
	});
});
