/**
 * The package's nodes as tools of n8n's AI Agent, in a real n8n: Manual Trigger → Set (chatInput)
 * → AI Agent, with n8n's OpenAI Chat Model pointed at a scripted local fake (test/e2e/fakeChatModel)
 * and one of our nodes attached as a tool (the `<type>Tool` variant n8n builds from `usableAsTool`,
 * with `$fromAI` arguments). Each case checks what a model sees: the tool and its argument schema as
 * offered, the request the arguments became at the simulator, and the tool results (and errors)
 * handed back to the model.
 *
 * A node adds a case: a tool node (`toolNode`), the credentials it needs, and a script of turns.
 */
import { DEMO_CLIENT } from '../simulator/marketing';
import { startE2e, type E2e } from './runner';
import {
	echoToolResult,
	startFakeChatModel,
	toolCall,
	toolResults,
	type ChatRequest,
	type FakeChatModel,
	type Step,
	type ToolDefinition,
} from './fakeChatModel';
import { TOOL_NOT_A_ROLE } from '../nodes/AgentPlatformAdmin/messages';
import { INVALID_ARGUMENT_ABN_ABN_51_824 } from '../nodes/AnzSalesIntelligence/messages';
import { dailyQuotaUsedUpResetsIn } from '../nodes/GlobalEnrichment/messages';
import { LEAD_ARGUMENT_MISSING } from '../nodes/MarketingAutomation/messages';

const PACKAGE = 'n8n-nodes-agent-platform';
const CHAT_MODEL_CREDENTIAL = { id: 'e2eAgentsModel001', name: 'Fake chat model' };
const ADMIN_CREDENTIAL = { id: 'e2eAgentsAdmin001', name: 'E2E admin account' };
const MARKETING_CREDENTIAL = { id: 'e2eAgentsMarket01', name: 'E2E marketing' };
const ANZ_CREDENTIAL = { id: 'e2eAgentsAnz00001', name: 'E2E ANZ' };
const GLOBAL_CREDENTIAL = { id: 'e2eAgentsGlobal01', name: 'E2E global' };

interface ToolNodeSpec {
	/** Node name; the tool's name is this with runs of other characters than [A-Za-z0-9_-] as '_'. */
	name: string;
	/** Our node type's name, e.g. 'agentPlatformAdmin' (the Tool variant is used). */
	type: string;
	typeVersion?: number;
	parameters: Record<string, unknown>;
	credentials: Record<string, { id: string; name: string }>;
}

/** A workflow: Start → Set (chatInput) → AI Agent with the fake chat model and the tool nodes. */
function agentWorkflow(id: string, chatInput: string, tools: ToolNodeSpec[]) {
	return {
		id,
		name: `E2E agents: ${id}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${id}-start`,
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: `${id}-set`,
				name: 'Chat Input',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: {
					assignments: {
						assignments: [
							{ id: 'chat-input', name: 'chatInput', value: chatInput, type: 'string' },
							{ id: 'session-id', name: 'sessionId', value: `${id}-session`, type: 'string' },
						],
					},
					options: {},
				},
			},
			{
				id: `${id}-agent`,
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 3.1,
				position: [440, 0],
				parameters: { promptType: 'auto', text: '={{ $json.chatInput }}', options: {} },
			},
			{
				id: `${id}-model`,
				name: 'Chat Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.2,
				position: [360, 220],
				parameters: {
					model: { __rl: true, mode: 'list', value: 'fake-model' },
					options: { maxRetries: 0 },
				},
				credentials: { openAiApi: CHAT_MODEL_CREDENTIAL },
			},
			...tools.map((tool, index) => ({
				id: `${id}-tool-${index}`,
				name: tool.name,
				type: `${PACKAGE}.${tool.type}Tool`,
				typeVersion: tool.typeVersion ?? 1,
				position: [560 + 160 * index, 220],
				parameters: tool.parameters,
				credentials: tool.credentials,
			})),
		],
		connections: {
			Start: { main: [[{ node: 'Chat Input', type: 'main', index: 0 }]] },
			'Chat Input': { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'Chat Model': {
				ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
			},
			...Object.fromEntries(
				tools.map((tool) => [
					tool.name,
					{ ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
				]),
			),
		},
	};
}

/** The tool named `name` as the model was offered it in `request`. */
function offeredTool(request: ChatRequest, name: string): ToolDefinition['function'] {
	const tool = request.tools?.find((candidate) => candidate.function.name === name);
	if (!tool) {
		throw new Error(
			`Tool ${name} not offered; offered: ${request.tools?.map((t) => t.function.name).join(', ')}`,
		);
	}
	return tool.function;
}

/** What the tool answered, as the model received it (JSON text parsed where it is JSON). */
function parsed(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

const inviteTool: ToolNodeSpec = {
	name: 'Invite Member',
	type: 'agentPlatformAdmin',
	parameters: {
		resource: 'invite',
		operation: 'create',
		email: "={{ $fromAI('email', 'E-mail address of the person to invite', 'string') }}",
		roles: "={{ $fromAI('roles', 'Comma-separated roles: admin, editor or viewer', 'string') }}",
	},
	credentials: { agentPlatformApi: ADMIN_CREDENTIAL },
};

const upsertTool: ToolNodeSpec = {
	name: 'Upsert Lead',
	type: 'marketingAutomation',
	// Create or Update with its defaults: Create or Update, lookup by email, Map Automatically.
	parameters: { resource: 'lead', operation: 'createOrUpdate' },
	credentials: { marketingAutomationApi: MARKETING_CREDENTIAL },
};

const findLeadsTool: ToolNodeSpec = {
	name: 'Find Leads',
	type: 'marketingAutomation',
	parameters: {
		resource: 'lead',
		operation: 'getAll',
		filterType: 'email',
		filterValues:
			"={{ $fromAI('emails', 'Comma-separated e-mail addresses of the leads to find', 'string') }}",
		options: { fields: ['email', 'firstName'] },
	},
	credentials: { marketingAutomationApi: MARKETING_CREDENTIAL },
};

const abnTool: ToolNodeSpec = {
	name: 'Company By ABN',
	type: 'anzSalesIntelligence',
	parameters: {
		resource: 'company',
		operation: 'enrich',
		identifyBy: 'abn',
		abn: "={{ $fromAI('abn', 'Australian Business Number: 11 digits, spaces allowed', 'string') }}",
	},
	credentials: { anzSalesIntelligenceApi: ANZ_CREDENTIAL },
};

const findContactTool: ToolNodeSpec = {
	name: 'Find Contact',
	type: 'globalEnrichment',
	parameters: {
		resource: 'contact',
		operation: 'find',
		identifyBy: 'email',
		email: "={{ $fromAI('email', 'E-mail address of the contact', 'string') }}",
	},
	credentials: { globalEnrichmentApi: GLOBAL_CREDENTIAL },
};

describe('the nodes as AI agent tools in n8n (e2e)', () => {
	let e2e: E2e;
	let model: FakeChatModel;

	beforeAll(async () => {
		model = await startFakeChatModel();
		e2e = await startE2e({ shared: true });
		await e2e.importCredentials([
			{
				...CHAT_MODEL_CREDENTIAL,
				type: 'openAiApi',
				data: { apiKey: 'sk-fake-model', url: `${model.url}/v1`, header: false },
			},
			{
				...ADMIN_CREDENTIAL,
				type: 'agentPlatformApi',
				data: {
					region: 'custom',
					baseUrl: e2e.sim.url,
					projectId: 'proj-demo',
					apiKey: 'sk-demo-admin',
				},
			},
		]);
		const serviceApi = (serviceUrl: string, apiKey: string) => ({
			api: 'service',
			serviceUrl,
			baseUrl: '',
			apiKey,
		});
		await e2e.importCredentials([
			{
				...MARKETING_CREDENTIAL,
				type: 'marketingAutomationApi',
				data: {
					restEndpoint: `${e2e.sim.url}/rest`,
					clientId: DEMO_CLIENT.clientId,
					clientSecret: DEMO_CLIENT.clientSecret,
					accessToken: '',
				},
			},
			{
				...ANZ_CREDENTIAL,
				type: 'anzSalesIntelligenceApi',
				data: serviceApi(`${e2e.sim.url}/anz`, 'anz-demo-key'),
			},
			{
				...GLOBAL_CREDENTIAL,
				type: 'globalEnrichmentApi',
				data: serviceApi(`${e2e.sim.url}/global`, 'global-demo-key'),
			},
		]);
		await e2e.importWorkflow([
			agentWorkflow('e2eAgentsAdmin01', 'Invite kim@example.com to the project as an editor', [
				inviteTool,
			]),
			agentWorkflow(
				'e2eAgentsMarket01',
				'Is nobody@example.com a lead? If not, add Ana Agent, ana.agent@example.com',
				[findLeadsTool, upsertTool],
			),
			agentWorkflow('e2eAgentsAnz00001', 'Which company has the ABN 51 824 753 556?', [abnTool]),
			agentWorkflow('e2eAgentsGlobal01', 'Who is nobody@unknown.example.org?', [findContactTool]),
		]);
	});

	afterAll(async () => {
		await model?.close();
		await e2e?.stop();
	});

	/** Runs the workflow with the model answering `steps`; returns the run and the model's requests. */
	async function runAgent(workflowId: string, steps: Step[]) {
		const before = model.requests.length;
		model.script(steps);
		const run = await e2e.execute(workflowId);
		const requests = model.requests.slice(before).map((request) => request.body);
		if (run.status !== 'success') {
			throw new Error(
				`Agent run ${workflowId} ended ${run.status}: ${JSON.stringify(run.error)}\n${run.stdout.slice(-2000)}`,
			);
		}
		expect(model.remaining()).toBe(0);
		return { run, requests };
	}

	it('Agent Platform Admin: a bad role comes back with the allowed roles, then the invite is created', async () => {
		const admin = e2e.sim.services.admin;
		const callsBefore = admin.calls.length;

		const { run, requests } = await runAgent('e2eAgentsAdmin01', [
			toolCall('Invite_Member', { email: 'kim@example.com', roles: 'Owner' }),
			toolCall('Invite_Member', { email: 'kim@example.com', roles: 'Editor' }),
			echoToolResult,
		]);

		// The model was asked with the chat input and offered the tool with its two arguments.
		expect(requests).toHaveLength(3);
		expect(requests[0].messages.at(-1)).toMatchObject({
			role: 'user',
			content: 'Invite kim@example.com to the project as an editor',
		});
		const tool = offeredTool(requests[0], 'Invite_Member');
		expect(tool.description).toBe(
			'Invite a person to a project by email with roles in Agent Platform',
		);
		expect(tool.parameters).toMatchObject({
			type: 'object',
			properties: {
				email: { type: 'string', description: 'E-mail address of the person to invite' },
				roles: { type: 'string', description: 'Comma-separated roles: admin, editor or viewer' },
			},
			required: ['email', 'roles'],
		});

		// The bad role cost no call, and the model was told which roles exist.
		const [refusal] = toolResults(requests[1]);
		expect(parsed(refusal)).toEqual([
			{
				error: TOOL_NOT_A_ROLE,
			},
		]);

		// The corrected call reached the service as exactly one invite.
		expect(admin.calls.slice(callsBefore)).toEqual([
			{
				method: 'POST',
				path: '/latest/auth/invite/create',
				authorization: 'Bearer proj-demo:sk-demo-admin',
				body: {
					email: 'kim@example.com',
					permissions: { items: { relevanceDefault: { actions: { 'role:editor': true } } } },
				},
				status: 200,
			},
		]);

		// The model got the invite back, and the agent's answer is built from it.
		const results = toolResults(requests[2]);
		expect(results).toHaveLength(2);
		const answer = parsed(results[1]);
		const invite = {
			invite_code: expect.stringMatching(/^inv-/),
			email_status: 'sent',
			accepted: true,
			user_id: 'usr-kim',
			email: 'kim@example.com',
			roles: ['role:editor'],
			auto_accepted: true,
		};
		expect(Array.isArray(answer) ? answer : [answer]).toEqual([invite]);
		expect(run.items('AI Agent')).toEqual([{ output: `Tool said: ${results[1]}` }]);
	});

	it('Marketing Automation: a miss says found: false; Create or Update maps only the lead the model sent', async () => {
		const marketing = e2e.sim.services.marketing;
		marketing.resetCounters();

		const { run, requests } = await runAgent('e2eAgentsMarket01', [
			toolCall('Find_Leads', { emails: 'nobody@example.com' }),
			// The lead's fields without the 'lead' wrapper: refused, naming 'lead' and its shape.
			toolCall('Upsert_Lead', { email: 'ana.agent@example.com', firstName: 'Ana' }),
			toolCall('Upsert_Lead', {
				lead: { email: 'ana.agent@example.com', firstName: 'Ana', lastName: 'Agent' },
			}),
			echoToolResult,
		]);

		// Both tools offered with their arguments; Create or Update asks for the lead itself.
		expect(requests).toHaveLength(4);
		const upsert = offeredTool(requests[0], 'Upsert_Lead');
		expect(upsert.description).toBe(
			'Create or update leads matched by email or another field in Marketing Automation',
		);
		expect(upsert.parameters?.required).toEqual(['lead']);
		expect(Object.keys(upsert.parameters?.properties ?? {})).toEqual(['lead']);
		expect(upsert.parameters?.properties?.lead.description).toMatch(
			/^The lead as a JSON object of field names and values/,
		);
		const find = offeredTool(requests[0], 'Find_Leads');
		expect(find.description).toBe(
			'Get many leads by email or another field in Marketing Automation',
		);
		expect(find.parameters).toMatchObject({
			properties: {
				emails: {
					type: 'string',
					description: 'Comma-separated e-mail addresses of the leads to find',
				},
			},
			required: ['emails'],
		});

		// The miss came back explicitly, with the value looked for.
		expect(parsed(toolResults(requests[1])[0])).toEqual([
			{ found: false, email: 'nobody@example.com' },
		]);

		// The lead reached the service with the model's fields only: no chatInput, sessionId or
		// toolCallId.
		expect(marketing.callsTo('POST', '/rest/v1/leads.json').map((call) => call.body)).toEqual([
			{
				action: 'createOrUpdate',
				lookupField: 'email',
				input: [{ email: 'ana.agent@example.com', firstName: 'Ana', lastName: 'Agent' }],
			},
		]);
		expect(marketing.callsTo('GET', '/rest/v1/leads.json').map((call) => call.query)).toEqual([
			expect.objectContaining({ filterType: 'email', filterValues: 'nobody@example.com' }),
		]);
		expect(parsed(toolResults(requests[2])[1])).toEqual([
			{
				error: LEAD_ARGUMENT_MISSING,
			},
		]);
		const results = toolResults(requests[3]);
		expect(parsed(results[2])).toEqual([
			{ status: 'created', id: expect.any(Number), email: 'ana.agent@example.com' },
		]);
		expect(run.items('AI Agent')).toEqual([{ output: `Tool said: ${results[2]}` }]);
	});

	it('ANZ Sales Intelligence: a bad ABN is refused with the fix and no call, then the company is found', async () => {
		const anz = e2e.sim.services.anz;
		const before = anz.calls.length;

		const { requests } = await runAgent('e2eAgentsAnz00001', [
			toolCall('Company_By_ABN', { abn: '51 824 753 557' }),
			toolCall('Company_By_ABN', { abn: '51 824 753 556' }),
			echoToolResult,
		]);

		const tool = offeredTool(requests[0], 'Company_By_ABN');
		expect(tool.description).toBe(
			'Enrich a company by domain, website, business number, or profile link in ANZ Sales Intelligence',
		);
		expect(tool.parameters).toMatchObject({
			properties: {
				abn: {
					type: 'string',
					description: 'Australian Business Number: 11 digits, spaces allowed',
				},
			},
			required: ['abn'],
		});
		expect(parsed(toolResults(requests[1])[0])).toEqual([
			{
				error: INVALID_ARGUMENT_ABN_ABN_51_824,
			},
		]);
		expect(parsed(toolResults(requests[2])[1])).toEqual([
			expect.objectContaining({ found: true, name: 'Southern Cross Analytics Pty Ltd' }),
		]);
		// Only the valid ABN cost a call.
		expect(anz.calls.slice(before).map((call) => [call.method, call.path, call.query])).toEqual([
			['GET', '/company', 'abn=51824753556'],
		]);
	});

	it('Global Enrichment: a contact not found comes back as found: false; a used-up quota says stop', async () => {
		const global = e2e.sim.services.global;
		const before = global.calls.length;
		const startedAt = Date.now();
		// n8n runs on the real clock: the usage names a reset 3 hours on, whatever the hour.
		global.dailyResetAt = startedAt + 3 * 3_600_000;

		// The second lookup meets a used-up daily quota: the model is told to stop and tell the user.
		const { requests } = await runAgent('e2eAgentsGlobal01', [
			toolCall('Find_Contact', { email: 'nobody@unknown.example.org' }),
			() => {
				global.failNext(
					1,
					429,
					{ message: 'Daily API quota exceeded' },
					{ 'x-daily-requests-left': '0', 'x-rate-limit-daily': '500' },
				);
				return toolCall('Find_Contact', { email: 'ana@northwind.example.com' });
			},
			echoToolResult,
		]).finally(() => {
			global.dailyResetAt = undefined;
		});
		const endedAt = Date.now();
		// The free usage call gives the reset, in seconds from the moment the node read it,
		// somewhere between the start and the end of the run.
		const [answer] = parsed(toolResults(requests[2])[1]) as Array<{ error: string }>;
		const seconds = Number(/it resets in (\d+) seconds/.exec(answer.error)?.[1]);
		const resetsAt = startedAt + 3 * 3_600_000;
		expect(seconds).toBeLessThanOrEqual(Math.ceil((resetsAt - startedAt) / 1000));
		expect(seconds).toBeGreaterThanOrEqual(Math.ceil((resetsAt - endedAt) / 1000));
		expect(answer).toEqual({ error: dailyQuotaUsedUpResetsIn(seconds, '3 hours') });

		const tool = offeredTool(requests[0], 'Find_Contact');
		expect(tool.description).toBe(
			'Find a contact by email, profile link, or name and company in Global Enrichment',
		);
		expect(parsed(toolResults(requests[1])[0])).toEqual([
			{ found: false, input: { email: 'nobody@unknown.example.org' }, creditsCharged: 0 },
		]);
		expect(global.calls.slice(before)).toEqual([
			{
				method: 'POST',
				path: '/v3/contacts/search-and-enrich',
				apiKey: 'global-demo-key',
				body: {
					contacts: [{ clientReferenceId: '0', email: 'nobody@unknown.example.org' }],
				},
				query: undefined,
				status: 200,
				credits: 0,
			},
			expect.objectContaining({ path: '/v3/contacts/search-and-enrich', status: 429 }),
			// The node asks the service's usage when the daily window resets (a free call).
			expect.objectContaining({ method: 'GET', path: '/v3/account/usage' }),
		]);
	});
});
