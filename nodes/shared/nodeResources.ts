import type { INodeProperties } from 'n8n-workflow';

import type { Resource, ResourceOperations } from './operation';
import { toolAnswerLimitsField } from './toolLimits';

/**
 * A node's resources as n8n shows them, and the router's map of them: the Resource selector
 * (sorted by name, not settable by an expression), every resource's fields in the order given,
 * and the answer limits shown when the node is an AI agent's tool.
 */
export function nodeResources(
	resources: Array<{ name: string; resource: Resource }>,
	defaultValue: string,
): { properties: INodeProperties[]; operations: ResourceOperations } {
	const selector: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources
			.map(({ name, resource }) => ({ name, value: resource.value }))
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultValue,
	};
	return {
		properties: [
			selector,
			...resources.flatMap(({ resource }) => resource.properties),
			toolAnswerLimitsField,
		],
		operations: Object.fromEntries(
			resources.map(({ resource }) => [resource.value, resource.operations]),
		),
	};
}
