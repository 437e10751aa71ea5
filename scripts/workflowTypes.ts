/**
 * Moves saved workflows from the pack to the single-service packages: n8n stores a community node's
 * type as `<packageName>.<nodeName>`, so a workflow saved with the pack names
 * `n8n-nodes-agent-platform.marketingAutomation`, which the single-service package knows as
 * `n8n-nodes-agent-platform-marketing-automation.marketingAutomation`. Node names, parameters,
 * credentials (same credential types), connections and trigger state stay as they are.
 */
import { PACK_NAME, packageOfNode } from './servicePackages';

interface WorkflowNode {
	type?: unknown;
	[key: string]: unknown;
}

interface Workflow {
	nodes?: WorkflowNode[];
	[key: string]: unknown;
}

export interface MoveReport {
	/** The workflows, with the pack's node types rewritten (the input is not changed). */
	workflows: unknown;
	/** How many nodes were rewritten. */
	moved: number;
	/** The single-service packages the rewritten workflows need, sorted. */
	packages: string[];
	/** Node types of the pack this script does not know (left as they are). */
	unknown: string[];
}

const PREFIX = `${PACK_NAME}.`;

/**
 * Rewrites every node type `n8n-nodes-agent-platform.<name>` (and its AI-tool variant
 * `<name>Tool`) to the package that holds that node. Takes what n8n exports: one workflow, an
 * array of them (`n8n export:workflow --all`), or `{ nodes }` copied from the canvas.
 */
export function moveWorkflows(input: unknown): MoveReport {
	const packages = new Set<string>();
	const unknown = new Set<string>();
	let moved = 0;

	const moveWorkflow = (workflow: Workflow): Workflow => {
		if (!Array.isArray(workflow?.nodes)) {
			throw new Error('Not an n8n workflow: it has no "nodes" list.');
		}
		return {
			...workflow,
			nodes: workflow.nodes.map((node) => {
				if (typeof node.type !== 'string' || !node.type.startsWith(PREFIX)) return node;
				const nodeName = node.type.slice(PREFIX.length);
				const target = packageOfNode(nodeName);
				if (!target) {
					unknown.add(node.type);
					return node;
				}
				packages.add(target.name);
				moved++;
				return { ...node, type: `${target.name}.${nodeName}` };
			}),
		};
	};

	const workflows = Array.isArray(input)
		? input.map((workflow) => moveWorkflow(workflow as Workflow))
		: moveWorkflow(input as Workflow);
	return { workflows, moved, packages: [...packages].sort(), unknown: [...unknown].sort() };
}
