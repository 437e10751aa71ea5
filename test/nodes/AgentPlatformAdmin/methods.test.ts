import { AgentPlatformAdmin } from '../../../nodes/AgentPlatformAdmin/AgentPlatformAdmin.node';
import { nodeLoadOptionsContext } from '../../harness';
import type { Simulator } from '../../simulator';
import { simCredentials, startRunsSimulator } from './runs';

/** The agent and tool pickers ("From list") and the tool's input fields, in n8n's load-options context. */
describe('Agent Platform › pickers and tool input fields', () => {
	let sim: Simulator;
	const node = new AgentPlatformAdmin();
	beforeAll(async () => {
		sim = await startRunsSimulator();
	});
	afterAll(async () => {
		await sim.close();
	});

	const context = async (parameters: Record<string, unknown>, path: string) =>
		await nodeLoadOptionsContext(
			{
				type: 'agentPlatformAdmin',
				name: 'Agent Platform',
				parameters: parameters as never,
				credentialType: 'agentPlatformApi',
				path,
			},
			simCredentials(sim, 'sk-demo-member'),
		);

	it('lists the agents by name, filtered by what is typed', async () => {
		const ctx = await context({ resource: 'agent', operation: 'run' }, 'parameters.agentId');
		expect(await node.methods.listSearch.searchAgents.call(ctx)).toEqual({
			results: [
				{ name: 'Lead researcher (agt-research)', value: 'agt-research' },
				{ name: 'Support triage (agt-support)', value: 'agt-support' },
			],
			paginationToken: undefined,
		});
		expect(await node.methods.listSearch.searchAgents.call(ctx, 'SUPP')).toEqual({
			results: [{ name: 'Support triage (agt-support)', value: 'agt-support' }],
			paginationToken: undefined,
		});
	});

	it('lists the tools by title', async () => {
		const ctx = await context({ resource: 'tool', operation: 'run' }, 'parameters.toolId');
		expect((await node.methods.listSearch.searchTools.call(ctx)).results).toEqual([
			{ name: 'CRM sync (tool-crm-sync)', value: 'tool-crm-sync' },
			{ name: 'Enrich company (tool-enrich)', value: 'tool-enrich' },
			{ name: 'Market report (tool-report)', value: 'tool-report' },
		]);
	});

	it('lists the projects the key can see by name, for the Project field of invites and users', async () => {
		const admin = sim.services.admin;
		admin.projects.set('proj-launch', {
			project_id: 'proj-launch',
			name: 'Autumn launch',
			description: '',
			organization_id: 'org-demo',
			users: {},
			invites: {},
		});
		admin.projects.set('proj-other', {
			project_id: 'proj-other',
			name: 'Another organization',
			description: '',
			organization_id: 'org-other',
			users: {},
			invites: {},
		});
		const ctx = await context({ resource: 'invite', operation: 'create' }, 'parameters.project');
		const from = admin.calls.length;
		expect(await node.methods.listSearch.searchProjects.call(ctx)).toEqual({
			results: [
				{ name: 'Autumn launch (proj-launch)', value: 'proj-launch' },
				{ name: "Demo project (proj-demo), the credential's project", value: 'proj-demo' },
			],
			paginationToken: undefined,
		});
		expect(await node.methods.listSearch.searchProjects.call(ctx, 'LAUNCH')).toEqual({
			results: [{ name: 'Autumn launch (proj-launch)', value: 'proj-launch' }],
			paginationToken: undefined,
		});
		expect(admin.calls.slice(from).map((c) => [`${c.method} ${c.path}`, c.authorization])).toEqual([
			['GET /latest/projects/list', 'Bearer proj-demo:sk-demo-member'],
			['GET /latest/projects/list', 'Bearer proj-demo:sk-demo-member'],
		]);
	});

	it('tells two projects of one name apart by their IDs, and finds a project by its ID', async () => {
		const admin = sim.services.admin;
		for (const id of ['proj-twin-1', 'proj-twin-2']) {
			admin.projects.set(id, {
				project_id: id,
				name: 'Twin',
				description: '',
				organization_id: 'org-demo',
				users: {},
				invites: {},
			});
		}
		const ctx = await context({ resource: 'user', operation: 'getAll' }, 'parameters.project');
		expect((await node.methods.listSearch.searchProjects.call(ctx, 'twin')).results).toEqual([
			{ name: 'Twin (proj-twin-1)', value: 'proj-twin-1' },
			{ name: 'Twin (proj-twin-2)', value: 'proj-twin-2' },
		]);
		expect((await node.methods.listSearch.searchProjects.call(ctx, 'TWIN-2')).results).toEqual([
			{ name: 'Twin (proj-twin-2)', value: 'proj-twin-2' },
		]);
	});

	it('version 2.1 picks users, their API keys and pending invites from lists, IDs beside', async () => {
		const admin = sim.services.admin;
		const demo = admin.projects.get('proj-demo')!;
		demo.users['usr-ana'] = { email: 'ana@example.com', actions: { 'role:editor': true } } as never;
		demo.invites['inv-0a1b2c3d4e5f'] = {
			email: 'joe@example.com',
			actions: { 'role:viewer': true },
			accepted: false,
		} as never;
		admin.userKeys.set('usr-ana', [{ _id: 'key-1a2b3c4d', label: 'CRM sync', key: 'sk-x' }]);
		const contextFor = async (parameters: Record<string, unknown>, path: string) =>
			await nodeLoadOptionsContext(
				{
					type: 'agentPlatformAdmin',
					name: 'Agent Platform',
					parameters: parameters as never,
					credentialType: 'agentPlatformApi',
					path,
					typeVersion: 2.1,
				},
				simCredentials(sim),
			);
		const users = await node.methods.listSearch.searchUsers.call(
			await contextFor({ resource: 'user', operation: 'updateRole' }, 'parameters.userId'),
			'ana',
		);
		expect(users.results).toEqual([{ name: 'ana@example.com (usr-ana)', value: 'usr-ana' }]);
		const keys = await node.methods.listSearch.searchApiKeys.call(
			await contextFor(
				{
					resource: 'apiKey',
					operation: 'revoke',
					userId: { __rl: true, mode: 'list', value: 'usr-ana' },
				},
				'parameters.keyId',
			),
		);
		expect(keys.results).toEqual([{ name: 'CRM sync (key-1a2b3c4d)', value: 'key-1a2b3c4d' }]);
		const invites = await node.methods.listSearch.searchInvites.call(
			await contextFor({ resource: 'invite', operation: 'resend' }, 'parameters.inviteCode'),
		);
		expect(invites).toEqual({
			results: [{ name: 'joe@example.com (inv-0a1b2c3d4e5f)', value: 'inv-0a1b2c3d4e5f' }],
			paginationToken: undefined,
		});
	});

	it("turns the picked tool's input schema into fields, required ones marked", async () => {
		const ctx = await context(
			{
				resource: 'tool',
				operation: 'run',
				toolId: { __rl: true, mode: 'list', value: 'tool-enrich' },
				inputMode: 'fields',
			},
			'parameters.inputFields',
		);
		const from = sim.services.admin.calls.length;
		expect(await node.methods.resourceMapping.getToolInputs.call(ctx)).toEqual({
			fields: [
				{
					id: 'domain',
					displayName: 'Domain',
					required: true,
					defaultMatch: false,
					display: true,
					type: 'string',
					canBeUsedToMatch: false,
				},
				{
					id: 'employees',
					displayName: 'Employees',
					required: false,
					defaultMatch: false,
					display: true,
					type: 'number',
					canBeUsedToMatch: false,
				},
			],
		});
		expect(sim.services.admin.calls.slice(from).map((c) => `${c.method} ${c.path}`)).toEqual([
			'GET /latest/studios/tool-enrich/get',
		]);
	});
});
