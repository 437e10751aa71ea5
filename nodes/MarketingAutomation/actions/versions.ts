import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

type Show = NonNullable<IDisplayOptions['show']>;

/**
 * Display conditions by node version. Saved workflows keep the version they were built with, so a
 * field or operation that changed in version 2 is shown in its version-1 form to version-1 nodes.
 */
export const versionOne: Show = { '@version': [1] };
export const fromVersionTwo: Show = { '@version': [{ _cnd: { gte: 2 } }] };

/**
 * The Operation parameter of a resource whose operations differ by version: one such parameter
 * per version condition (n8n's own pattern), each with its options. List the one holding every
 * operation of the resource first: n8n builds an AI tool's description from the first Operation
 * parameter of the resource, whatever the node's version (test/nodes/toolDescriptions.test.ts).
 */
export function versionedOperation(
	resource: string,
	versions: Show,
	options: INodePropertyOptions[],
	defaultOperation: string,
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource], ...versions } },
		options,
		default: defaultOperation,
	};
}
