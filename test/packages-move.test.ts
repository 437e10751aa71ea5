/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test of local tooling, never shipped */
/* Moving saved workflows from the pack to the single-service packages (scripts/move-workflows.ts). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { moveWorkflows } from '../scripts/workflowTypes';

const ROOT = path.resolve(__dirname, '..');

const workflow = (types: string[]) => ({
	id: 'wf1',
	name: 'Saved with the pack',
	nodes: types.map((type, index) => ({
		id: `n${index}`,
		name: `Node ${index}`,
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters: { resource: 'lead' },
		credentials: { marketingAutomationApi: { id: 'c1', name: 'Marketing' } },
	})),
	connections: { 'Node 0': { main: [[{ node: 'Node 1', type: 'main', index: 0 }]] } },
	staticData: { 'node:Node 0': { cursor: 'abc' } },
});

describe('moveWorkflows', () => {
	it("rewrites each of the pack's node types to the package that holds the node", () => {
		const report = moveWorkflows(
			workflow([
				'n8n-nodes-agent-platform.agentPlatformAdmin',
				'n8n-nodes-agent-platform.marketingAutomation',
				'n8n-nodes-agent-platform.marketingAutomationTrigger',
				'n8n-nodes-agent-platform.anzSalesIntelligence',
				'n8n-nodes-agent-platform.globalEnrichment',
				'n8n-nodes-base.set',
			]),
		);
		expect((report.workflows as ReturnType<typeof workflow>).nodes.map((n) => n.type)).toEqual([
			'n8n-nodes-agent-platform-agents.agentPlatformAdmin',
			'n8n-nodes-agent-platform-marketing-automation.marketingAutomation',
			'n8n-nodes-agent-platform-marketing-automation.marketingAutomationTrigger',
			'n8n-nodes-agent-platform-anz-sales-intelligence.anzSalesIntelligence',
			'n8n-nodes-agent-platform-global-enrichment.globalEnrichment',
			'n8n-nodes-base.set',
		]);
		expect(report.moved).toBe(5);
		expect(report.packages).toEqual([
			'n8n-nodes-agent-platform-agents',
			'n8n-nodes-agent-platform-anz-sales-intelligence',
			'n8n-nodes-agent-platform-global-enrichment',
			'n8n-nodes-agent-platform-marketing-automation',
		]);
		expect(report.unknown).toEqual([]);
	});

	it('moves the AI-tool variants and keeps everything but the type', () => {
		const input = workflow([
			'n8n-nodes-agent-platform.globalEnrichmentTool',
			'n8n-nodes-agent-platform.marketingAutomation',
		]);
		const before = JSON.stringify(input);
		const moved = moveWorkflows(input).workflows as ReturnType<typeof workflow>;
		expect(moved).toEqual({
			...input,
			nodes: [
				{
					...input.nodes[0],
					type: 'n8n-nodes-agent-platform-global-enrichment.globalEnrichmentTool',
				},
				{
					...input.nodes[1],
					type: 'n8n-nodes-agent-platform-marketing-automation.marketingAutomation',
				},
			],
		});
		// The input is left as it was.
		expect(JSON.stringify(input)).toBe(before);
	});

	it('takes an array export, leaves unknown pack types and other packages alone', () => {
		const report = moveWorkflows([
			workflow([
				'n8n-nodes-agent-platform.somethingNew',
				'n8n-nodes-agent-platform-agents.agentPlatformAdmin',
			]),
			workflow(['n8n-nodes-base.manualTrigger']),
		]);
		const moved = report.workflows as Array<ReturnType<typeof workflow>>;
		expect(moved.map((w) => w.nodes.map((n) => n.type))).toEqual([
			[
				'n8n-nodes-agent-platform.somethingNew',
				'n8n-nodes-agent-platform-agents.agentPlatformAdmin',
			],
			['n8n-nodes-base.manualTrigger'],
		]);
		expect(report).toMatchObject({
			moved: 0,
			packages: [],
			unknown: ['n8n-nodes-agent-platform.somethingNew'],
		});
	});

	it('refuses a file that is not a workflow', () => {
		expect(() => moveWorkflows({ name: 'x' })).toThrow(
			'Not an n8n workflow: it has no "nodes" list.',
		);
	});
});

describe('scripts/move-workflows.ts', () => {
	it('writes the moved export and says which packages to install', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'move-workflows-'));
		try {
			const input = path.join(dir, 'export.json');
			fs.writeFileSync(
				input,
				JSON.stringify([workflow(['n8n-nodes-agent-platform.anzSalesIntelligence'])]),
			);
			const out = execFileSync(
				process.execPath,
				[require.resolve('tsx/cli'), path.join(ROOT, 'scripts/move-workflows.ts'), input],
				{ encoding: 'utf8' },
			);
			expect(out).toBe(
				`1 node(s) moved; wrote ${path.join(dir, 'export.moved.json')}.\n` +
					'Install: n8n-nodes-agent-platform-anz-sales-intelligence\n',
			);
			const written = JSON.parse(fs.readFileSync(path.join(dir, 'export.moved.json'), 'utf8'));
			expect(written[0].nodes[0].type).toBe(
				'n8n-nodes-agent-platform-anz-sales-intelligence.anzSalesIntelligence',
			);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});
