import type { INode, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { everyNodeVersion, type NodeVersion } from '../harness';

/**
 * The description n8n gives an AI agent's model for each operation used as a tool, in every node
 * version: n8n builds it from the first `operation` parameter of the resource
 * (NodeHelpers.getToolDescriptionForNode), which must be the operation's own action.
 */
interface Row {
	node: string;
	version: number;
	resource: string;
	operation: string;
	/** What n8n builds. */
	built: string;
	/** The operation's own action, as the node shows it for this version, and the node's name. */
	action: string;
}

function rowsOf({ name, version, description }: NodeVersion): Row[] {
	const shown = (parameters: INode['parameters']) =>
		description.properties.filter((property) =>
			NodeHelpers.displayParameter(parameters, property, { typeVersion: version }, description),
		);
	const resources = shown({})
		.filter((property) => property.name === 'resource')
		.flatMap((property) => property.options as INodePropertyOptions[]);
	return resources.flatMap(({ value: resource }) =>
		shown({ resource })
			.filter((property) => property.name === 'operation')
			.flatMap((property) => property.options as INodePropertyOptions[])
			.map((option) => {
				const node = {
					typeVersion: version,
					parameters: { resource, operation: option.value, descriptionType: 'auto' },
				} as unknown as INode;
				return {
					node: name,
					version,
					resource: String(resource),
					operation: String(option.value),
					built: NodeHelpers.getToolDescriptionForNode(node, { description } as never),
					action: `${option.action ?? '(no action)'} in ${description.defaults.name}`,
				};
			}),
	);
}

describe('tool descriptions: every operation of every node version as n8n describes it to a model', () => {
	let rows: Row[];

	beforeAll(async () => {
		const versions = (await everyNodeVersion()).filter(
			({ description }) => description.usableAsTool,
		);
		rows = versions.flatMap(rowsOf);
	});

	it('covers every tool node and version', () => {
		const covered = [...new Set(rows.map((row) => `${row.node} v${row.version}`))];
		expect(covered).toEqual(
			expect.arrayContaining([
				'agentPlatformAdmin v1',
				'anzSalesIntelligence v1',
				'globalEnrichment v1',
				'marketingAutomation v1',
				'marketingAutomation v2',
			]),
		);
		expect(rows.length).toBeGreaterThan(30);
	});

	it("is the operation's own action for each operation and version", () => {
		const wrong = rows.filter((row) => row.built !== row.action);
		expect(wrong).toEqual([]);
	});

	it('lists Marketing v2 Program → Get Many Email Programs with its action', () => {
		expect(
			rows.find(
				(row) =>
					row.node === 'marketingAutomation' &&
					row.version === 2 &&
					row.operation === 'getEmailPrograms',
			)?.built,
		).toBe('Get many email programs in Marketing Automation');
	});
});
