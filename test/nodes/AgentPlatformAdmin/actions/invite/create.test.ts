import { runWorkflow } from '../../../../harness';
import {
	adminNode,
	credentialProject,
	permissions,
	projectById,
	fromList,
	recordCalls,
	runAdmin,
	US_BASE,
} from '../../helpers';
import {
	ADMIN_ROLE_FIX,
	ADMIN_ROLE_ON_PROJECT_FIX,
	NEEDS_ADMIN,
	NOT_A_PROJECT_ID,
} from '../../messages';
import { directorySuite } from '../../directory';
import { simCredentials } from '../../runs';

describe('Agent Platform Admin › Invite', () => {
	describe('Create', () => {
		it('sends the e-mail and the roles as permission actions with the project header', async () => {
			const calls = recordCalls(US_BASE, () => [
				200,
				{ invite_code: 'inv-1', email_status: 'sent' },
			]);
			const result = await runAdmin(
				adminNode({
					resource: 'invite',
					operation: 'create',
					email: ' Ana@Example.com ',
					roles: ['role:editor', 'admin'],
				}),
			);
			expect(result.error).toBeUndefined();
			expect(calls).toEqual([
				{
					method: 'POST',
					path: '/latest/auth/invite/create',
					authorization: 'Bearer proj-1:sk-secret',
					body: {
						email: 'Ana@Example.com',
						permissions: permissions({ 'role:editor': true, admin: true }),
					},
				},
			]);
			expect(result.output()).toEqual([
				{
					json: {
						invite_code: 'inv-1',
						email_status: 'sent',
						email: 'Ana@Example.com',
						roles: ['role:editor', 'admin'],
						auto_accepted: false,
					},
					pairedItem: { item: 0 },
				},
			]);
		});

		it('says when the invite was auto-accepted because the invitee is already a member', async () => {
			recordCalls(US_BASE, () => [
				200,
				{ invite_code: 'inv-2', accepted: true, user_id: 'usr-sam' },
			]);
			const result = await runAdmin(
				adminNode({
					resource: 'invite',
					operation: 'create',
					email: '={{ $json.email }}',
					roles: ['role:viewer'],
				}),
				[{ email: 'sam@example.com' }],
			);
			expect(result.json()).toEqual([
				{
					invite_code: 'inv-2',
					accepted: true,
					user_id: 'usr-sam',
					email: 'sam@example.com',
					roles: ['role:viewer'],
					auto_accepted: true,
				},
			]);
		});

		it.each([
			[{ email: '={{ $json.nothing }}', roles: ['admin'] }, "The 'Email' field of item 0 is empty"],
			[
				{ email: 'ana@example', roles: ['admin'] },
				"'ana@example' in the 'Email' field of item 0 is not an e-mail address",
			],
			[
				{ email: 'ana example.com', roles: ['admin'] },
				"'ana example.com' in the 'Email' field of item 0 is not an e-mail address",
			],
			[
				{ email: 'ana@example.com', roles: '={{ [] }}' },
				"No role chosen in the 'Roles' field of item 0: choose Admin, Editor or Viewer",
			],
			[
				{ email: 'ana@example.com', roles: '={{ ["owner"] }}' },
				"'owner' in the 'Roles' field of item 0 is not a role the service knows: use Admin, Editor or Viewer",
			],
		])('rejects %j before any call: %s', async (fields, message) => {
			const calls = recordCalls(US_BASE, () => [200, {}]);
			const result = await runAdmin(
				adminNode({ resource: 'invite', operation: 'create', ...fields }),
			);
			expect(result.status).toBe('error');
			expect(result.error?.message).toBe(message);
			expect(calls).toHaveLength(0);
		});

		it('accepts role names in any case, with or without the role: prefix, and sends the wire form', async () => {
			const calls = recordCalls(US_BASE, () => [200, { invite_code: 'inv-3' }]);
			const result = await runAdmin(
				adminNode({
					resource: 'invite',
					operation: 'create',
					email: 'ana@example.com',
					roles: '={{ ["Editor", "ROLE:VIEWER", "role:Admin", "editor"] }}',
				}),
			);
			expect(result.error).toBeUndefined();
			expect(calls.map((call) => call.body)).toEqual([
				{
					email: 'ana@example.com',
					permissions: permissions({ 'role:editor': true, 'role:viewer': true, admin: true }),
				},
			]);
			expect(result.json()).toEqual([
				{
					invite_code: 'inv-3',
					email: 'ana@example.com',
					roles: ['role:editor', 'role:viewer', 'admin'],
					auto_accepted: false,
				},
			]);
		});

		it('tells the user the key needs the Admin role when the service answers 403', async () => {
			recordCalls(US_BASE, () => [
				403,
				{ message: 'This operation requires the Admin role.', error_type: 'forbidden' },
				{ 'x-request-id': 'req-403' },
			]);
			const result = await runAdmin(
				adminNode({
					resource: 'invite',
					operation: 'create',
					email: 'a@example.com',
					roles: ['admin'],
				}),
			);
			expect(result.error?.message).toBe(
				NEEDS_ADMIN('create the invite', 'This operation requires the Admin role.'),
			);
			expect(result.error?.description).toBe(ADMIN_ROLE_FIX('req-403'));
		});
	});

	describe('Create into a chosen project (the Project field)', () => {
		const invite = (project: unknown, email = 'ana@example.com') =>
			adminNode({ resource: 'invite', operation: 'create', project, email, roles: ['admin'] });
		const INVITE_CODE = { invite_code: 'inv-1', email_status: 'sent' };

		it('sends the project picked from the list in the header, instead of the credential’s', async () => {
			const calls = recordCalls(US_BASE, () => [200, INVITE_CODE]);
			const result = await runAdmin(invite(fromList('proj-launch', 'Launch')));
			expect(calls).toEqual([
				{
					method: 'POST',
					path: '/latest/auth/invite/create',
					authorization: 'Bearer proj-launch:sk-secret',
					body: { email: 'ana@example.com', permissions: permissions({ admin: true }) },
				},
			]);
			expect(result.output()).toEqual([
				{
					json: {
						...INVITE_CODE,
						email: 'ana@example.com',
						roles: ['admin'],
						auto_accepted: false,
					},
					pairedItem: { item: 0 },
				},
			]);
		});

		it('maps the project of each item from an expression (By ID), trimmed', async () => {
			const calls = recordCalls(US_BASE, () => [200, INVITE_CODE]);
			const result = await runAdmin(invite(projectById('={{ $json.project }}')), [
				{ project: 'proj-a' },
				{ project: ' proj-b ' },
			]);
			expect(result.error).toBeUndefined();
			expect(calls.map((call) => [call.path, call.authorization])).toEqual([
				['/latest/auth/invite/create', 'Bearer proj-a:sk-secret'],
				['/latest/auth/invite/create', 'Bearer proj-b:sk-secret'],
			]);
		});

		it('acts on the credential’s project when the field is empty, as saved workflows do', async () => {
			const calls = recordCalls(US_BASE, () => [200, INVITE_CODE]);
			await runAdmin(invite(credentialProject));
			await runAdmin(invite(projectById('')));
			expect(calls.map((call) => call.authorization)).toEqual([
				'Bearer proj-1:sk-secret',
				'Bearer proj-1:sk-secret',
			]);
		});

		it.each([
			[projectById('={{ "proj 2" }}'), NOT_A_PROJECT_ID('proj 2')],
			[projectById('={{ "org:proj" }}'), NOT_A_PROJECT_ID('org:proj')],
			[projectById('={{ ".." }}'), NOT_A_PROJECT_ID('..')],
			[
				projectById('={{ $json.nothing }}'),
				"The expression in the 'Project' field of item 0 returned nothing",
			],
			[
				projectById('={{ { id: "proj-2" } }}'),
				"The 'Project' field of item 0 is an object, not text: map a single value, e.g. {{ $json.id }}",
			],
		])('refuses the project %j before any call: %s', async (project, message) => {
			const calls = recordCalls(US_BASE, () => [200, INVITE_CODE]);
			const result = await runAdmin(invite(project));
			expect(result.status).toBe('error');
			expect(result.error?.message).toBe(message);
			expect(calls).toHaveLength(0);
		});

		it('checks every item’s project before the first call', async () => {
			const calls = recordCalls(US_BASE, () => [200, INVITE_CODE]);
			const result = await runAdmin(invite(projectById('={{ $json.project }}')), [
				{ project: 'proj-a' },
				{ project: 'proj/b' },
			]);
			expect(result.error?.message).toBe(NOT_A_PROJECT_ID('proj/b', 1));
			expect(result.error?.description).toBe(
				'Copy the Project exactly as the service shows it, or fix the expression that maps it.',
			);
			expect(calls).toHaveLength(0);
		});

		it('names the chosen project when the service refuses the key there', async () => {
			recordCalls(US_BASE, () => [
				401,
				{ message: 'The API key has no access to this project.' },
				{ 'x-request-id': 'req-401' },
			]);
			const result = await runAdmin(invite(projectById('proj-elsewhere')));
			expect(result.error?.message).toBe(
				NEEDS_ADMIN(
					'create the invite',
					'The API key has no access to this project.',
					'project proj-elsewhere',
				),
			);
			expect(result.error?.description).toBe(
				ADMIN_ROLE_ON_PROJECT_FIX('proj-elsewhere', 'req-401'),
			);
		});
	});
});

describe('Agent Platform Admin › Create Project → Invite into it (simulator)', () => {
	const suite = directorySuite();

	it('invites into the project the workflow just created, not the credential’s', async () => {
		const result = await runWorkflow({
			nodes: [
				{
					...adminNode({
						resource: 'project',
						operation: 'create',
						name: 'Launch',
						description: '',
						organizationId: 'org-demo',
					}),
					name: 'Create Project',
				},
				{
					...adminNode({
						resource: 'invite',
						operation: 'create',
						project: projectById("={{ $('Create Project').item.json.project_id }}"),
						email: 'kim@example.com',
						roles: ['role:editor'],
					}),
					name: 'Invite',
				},
				{
					...adminNode({
						resource: 'user',
						operation: 'getMany',
						project: projectById("={{ $('Create Project').item.json.project_id }}"),
						returnAll: true,
					}),
					name: 'Members',
				},
			],
			credentials: simCredentials(suite.sim),
		});
		expect(result.error).toBeUndefined();
		const [{ project_id: created }] = result.json('Create Project');
		expect(created).toMatch(/^proj-/);
		expect(suite.calls().map((call) => [call.path, call.authorization, call.status])).toEqual([
			['/latest/projects/create', 'Bearer :sk-demo-admin', 200],
			['/latest/auth/invite/create', `Bearer ${String(created)}:sk-demo-admin`, 200],
			['/latest/auth/users/list', `Bearer ${String(created)}:sk-demo-admin`, 200],
			// The first page was shorter than asked: one more read shows the listing ended.
			['/latest/auth/users/list', `Bearer ${String(created)}:sk-demo-admin`, 200],
		]);
		expect(result.json('Invite')).toEqual([
			{
				invite_code: expect.stringMatching(/^inv-/) as string,
				email_status: 'sent',
				accepted: true,
				user_id: 'usr-kim',
				email: 'kim@example.com',
				roles: ['role:editor'],
				auto_accepted: true,
			},
		]);
		expect(result.json('Members')).toEqual([
			{
				_id: 'usr-kim',
				email: 'kim@example.com',
				type: 'user',
				permissions: { projects: { [String(created)]: { actions: { 'role:editor': true } } } },
			},
		]);
		// The credential's project is untouched.
		expect(suite.sim.services.admin.usersOf('proj-demo')).toEqual({
			'usr-ana': { email: 'ana@example.com', actions: { admin: true } },
		});
	});
});
