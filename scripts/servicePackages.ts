/**
 * The four single-service packages built beside the pack (`npm run build:packages`): which compiled
 * nodes and credentials each one registers, and which of the pack README's sections describe it.
 * Everything else a package holds (the shared core, icons, examples) is worked out from these.
 *
 * n8n verifies only packages that integrate one service (a trigger for the same service may come
 * along), so each package below is one service; the pack keeps all four for self-hosted users.
 */

/** The pack: the package every single-service package is cut from. */
export const PACK_NAME = 'n8n-nodes-agent-platform';

export interface ServicePackage {
	/** npm name; also the prefix of its node types in n8n (`<name>.<nodeName>`). */
	name: string;
	/** The service in words, for the README title line and package.json. */
	title: string;
	description: string;
	/** Extra keywords beside `n8n-community-node-package` and `n8n`. */
	keywords: string[];
	/** Registered nodes, as in the pack's package.json (`dist/...node.js`). */
	nodes: string[];
	/** Registered credentials, as in the pack's package.json. */
	credentials: string[];
	/** The `n8n` node names (description.name) these nodes have: the pack's types they take over. */
	nodeNames: string[];
	/** `### ...` headings under the pack README's "Operations" that describe these nodes. */
	operationSections: string[];
	/** Node pages in docs/ (linked from the README, on the repository). */
	docs: Array<{ title: string; file: string }>;
}

export const SERVICE_PACKAGES: ServicePackage[] = [
	{
		name: 'n8n-nodes-agent-platform-agents',
		title: 'Agent Platform',
		description:
			"n8n node for an AI agent platform: run its agents and tools, and use its administration API (projects, users, invites, API keys, the organization's credits).",
		keywords: ['agent-platform', 'ai-agents'],
		nodes: ['dist/nodes/AgentPlatformAdmin/AgentPlatformAdmin.node.js'],
		credentials: ['dist/credentials/AgentPlatformApi.credentials.js'],
		nodeNames: ['agentPlatformAdmin'],
		operationSections: ['Agent Platform'],
		docs: [
			{ title: 'Agent Platform', file: 'docs/agent-platform.md' },
			{ title: 'Agent runs and platform lists', file: 'docs/agent-platform-runs.md' },
		],
	},
	{
		name: 'n8n-nodes-agent-platform-marketing-automation',
		title: 'Marketing Automation',
		description:
			'n8n node and trigger for a marketing-automation service: leads, campaigns, emails, programs, lists, custom objects, bulk import and extract jobs, and a trigger on its activity log.',
		keywords: ['marketing-automation', 'leads', 'campaigns'],
		nodes: [
			'dist/nodes/MarketingAutomation/MarketingAutomation.node.js',
			'dist/nodes/MarketingAutomation/MarketingAutomationTrigger.node.js',
			'dist/nodes/MarketingAutomation/MarketingAutomationFlowStepTrigger.node.js',
		],
		credentials: [
			'dist/credentials/MarketingAutomationApi.credentials.js',
			'dist/credentials/MarketingAutomationFlowStepApi.credentials.js',
		],
		nodeNames: [
			'marketingAutomation',
			'marketingAutomationTrigger',
			'marketingAutomationFlowStepTrigger',
		],
		operationSections: ['Marketing Automation', 'Marketing Automation Trigger'],
		docs: [
			{ title: 'Marketing Automation and its Trigger', file: 'docs/marketing-automation.md' },
			{ title: 'Bulk import and extract jobs', file: 'docs/marketing-bulk-jobs.md' },
			{ title: 'Lead database objects', file: 'docs/marketing-lead-database.md' },
			{ title: 'Smart Campaign flow step', file: 'docs/marketing-flow-step.md' },
			{ title: 'Queue mode', file: 'docs/queue-mode.md' },
		],
	},
	{
		name: 'n8n-nodes-agent-platform-anz-sales-intelligence',
		title: 'ANZ Sales Intelligence',
		description:
			'n8n node for an Australia / New Zealand sales-intelligence service: person and company enrichment (by ABN, domain, profile or email) and people search.',
		keywords: ['sales-intelligence', 'enrichment', 'abn'],
		nodes: ['dist/nodes/AnzSalesIntelligence/AnzSalesIntelligence.node.js'],
		credentials: ['dist/credentials/AnzSalesIntelligenceApi.credentials.js'],
		nodeNames: ['anzSalesIntelligence'],
		operationSections: ['ANZ Sales Intelligence'],
		docs: [
			{ title: 'ANZ Sales Intelligence', file: 'docs/anz-sales-intelligence.md' },
			{ title: 'Both enrichment nodes', file: 'docs/enrichment.md' },
			{ title: 'Enrichment limits', file: 'docs/enrichment-limits.md' },
		],
	},
	{
		name: 'n8n-nodes-agent-platform-global-enrichment',
		title: 'Global Enrichment',
		description:
			'n8n node and trigger for a global contact and company enrichment service: find, enrich in bulk and search contacts and companies, and start workflows on their signals.',
		keywords: ['enrichment', 'contacts', 'companies'],
		nodes: [
			'dist/nodes/GlobalEnrichment/GlobalEnrichment.node.js',
			'dist/nodes/GlobalEnrichment/GlobalEnrichmentTrigger.node.js',
		],
		credentials: ['dist/credentials/GlobalEnrichmentApi.credentials.js'],
		nodeNames: ['globalEnrichment', 'globalEnrichmentTrigger'],
		operationSections: ['Global Enrichment', 'Global Enrichment Trigger'],
		docs: [
			{ title: 'Global Enrichment', file: 'docs/global-enrichment.md' },
			{ title: 'Global Enrichment Trigger', file: 'docs/global-enrichment-trigger.md' },
			{ title: 'Both enrichment nodes', file: 'docs/enrichment.md' },
			{ title: 'Enrichment limits', file: 'docs/enrichment-limits.md' },
		],
	},
];

/** The single-service package that holds a node of the pack (by its node name), if any. */
export function packageOfNode(nodeName: string): ServicePackage | undefined {
	// The AI-tool variant n8n derives from an action node is `<name>Tool`.
	const base = nodeName.endsWith('Tool') ? nodeName.slice(0, -'Tool'.length) : nodeName;
	return SERVICE_PACKAGES.find((pkg) => pkg.nodeNames.includes(base));
}
