/* Every simulated service, created together so tests, the dev setup and benchmarks share one
   wiring. Each service lives in its own module; add a new one here. */
import { AdminService, type AdminSeed } from './admin';
import { AgentWorkService, type AgentWorkSeed } from './agentWork';
import { GlobalEnrichmentService, type GlobalSeed } from './globalEnrichment';
import { GlobalWebhooks } from './globalWebhooks';
import { FlowStepService } from './flowStep';
import { MarketingService, type MarketingOptions } from './marketing';
import { AnzEnrichmentService, type AnzSeed } from './anzSalesIntelligence';
import { startSimulator, type RunningSimulator } from './server';

export interface SimulatorOptions {
	port?: number;
	admin?: AdminSeed;
	/** The agent platform's workforces and knowledge tables (demo workforces when omitted). */
	agentWork?: AgentWorkSeed;
	marketing?: MarketingOptions;
	/** ANZ (AU/NZ) sales intelligence under `/anz/` (demo seed when omitted). */
	anz?: AnzSeed;
	/** Global enrichment under `/global/` (demo seed when omitted). */
	global?: GlobalSeed;
}

export interface Services {
	admin: AdminService;
	/** Workforces, knowledge tables and conversation listing of the agent platform. */
	agentWork: AgentWorkService;
	marketing: MarketingService;
	anz: AnzEnrichmentService;
	global: GlobalEnrichmentService;
	/** The global service's webhooks under `/global/api/` (shares its keys and signals). */
	globalWebhooks: GlobalWebhooks;
	/** The marketing service's side of a self-service flow step under `/flowstep/`. */
	flowStep: FlowStepService;
}

export interface Simulator extends RunningSimulator {
	services: Services;
}

export const DEMO_ADMIN_SEED: AdminSeed = {
	organizations: [
		{
			id: 'org-demo',
			members: [
				{ userId: 'usr-sam', email: 'sam@example.com' },
				{ userId: 'usr-kim', email: 'kim@example.com' },
			],
		},
	],
	apiKeys: [
		{ key: 'sk-demo-admin', role: 'admin', organizationId: 'org-demo' },
		{ key: 'sk-demo-member', role: 'member', organizationId: 'org-demo' },
	],
	projects: [{ id: 'proj-demo', name: 'Demo project', organizationId: 'org-demo' }],
	runs: {
		agents: [
			{
				agent_id: 'agt-research',
				name: 'Lead researcher',
				description: 'Researches a lead and drafts a first e-mail',
				project: 'proj-demo',
			},
			{ agent_id: 'agt-support', name: 'Support triage', project: 'proj-demo' },
		],
		tools: [
			{
				studio_id: 'tool-enrich',
				title: 'Enrich company',
				description: 'Looks a company up by its domain',
				project: 'proj-demo',
				params_schema: {
					properties: {
						domain: { type: 'string', title: 'Domain' },
						employees: { type: 'number', title: 'Employees' },
					},
					required: ['domain'],
				},
				behaviour: 'echo',
			},
			{
				studio_id: 'tool-report',
				title: 'Market report',
				description: 'Writes a long market report (runs as a job)',
				project: 'proj-demo',
				params_schema: { properties: { market: { type: 'string' } }, required: ['market'] },
				behaviour: 'slow',
			},
			{
				studio_id: 'tool-crm-sync',
				title: 'CRM sync',
				project: 'proj-demo',
				params_schema: { properties: { record_id: { type: 'string' } } },
				behaviour: 'fail',
			},
		],
	},
};

export async function startServices(options: SimulatorOptions = {}): Promise<Simulator> {
	const global = new GlobalEnrichmentService(options.global);
	const admin = new AdminService(options.admin ?? DEMO_ADMIN_SEED);
	const services: Services = {
		// Before `admin`: the first module that claims a path answers it.
		agentWork: new AgentWorkService(admin, options.agentWork),
		admin,
		marketing: new MarketingService(options.marketing),
		anz: new AnzEnrichmentService(options.anz),
		// Before `global`: the first module that claims a path answers it.
		globalWebhooks: new GlobalWebhooks(global.signalOps, global.apiKeys),
		global,
		flowStep: new FlowStepService(),
	};
	const running = await startSimulator(Object.values(services), { port: options.port });
	services.flowStep.baseUrl = running.url;
	return { ...running, services };
}
