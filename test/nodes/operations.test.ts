/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test of the sources, never shipped */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { Operation } from '../../nodes/shared/operation';
import { everyNodeVersion, PROJECT_ROOT, type NodeVersion } from '../harness';

/**
 * Adding an operation is one product file and its test file: whatever is in
 * `nodes/<Node>/actions/<resource>/<op>.operation.ts` must be offered by the node, with its fields
 * shown for it, and tested in `test/nodes/<Node>/actions/<resource>/<op>.test.ts`. A file written
 * but not registered fails here, not in a user's editor.
 */
interface OperationFile {
	node: string;
	resource: string;
	file: string;
	module: Record<string, unknown>;
}

function operationFiles(): OperationFile[] {
	const files: OperationFile[] = [];
	const nodesDir = join(PROJECT_ROOT, 'nodes');
	for (const node of readdirSync(nodesDir)) {
		const actions = join(nodesDir, node, 'actions');
		if (!existsSync(actions)) continue;
		for (const resource of readdirSync(actions, { withFileTypes: true })) {
			if (!resource.isDirectory()) continue;
			for (const file of readdirSync(join(actions, resource.name))) {
				if (!file.endsWith('.operation.ts')) continue;
				files.push({
					node,
					resource: resource.name,
					file: file.replace(/\.operation\.ts$/, ''),
					// eslint-disable-next-line @typescript-eslint/no-require-imports
					module: require(join(actions, resource.name, file)) as Record<string, unknown>,
				});
			}
		}
	}
	return files;
}

const isDeclared = (value: unknown): value is Operation =>
	typeof value === 'object' && value !== null && 'option' in value && 'fields' in value;

/** The operation value and the fields the file declares (its own, or a node's older exports). */
function declaredIn(file: OperationFile): { value: string; fields: INodeProperties[] } {
	const { operation, description } = file.module;
	if (isDeclared(operation)) return { value: operation.option.value, fields: operation.fields };
	return { value: String(operation), fields: description as INodeProperties[] };
}

/** Whether `property` is shown for this resource and operation (as its own displayOptions say). */
const shownFor = (property: INodeProperties, resource: string, value: string) => {
	const show = property.displayOptions?.show ?? {};
	return (
		(show.resource as string[] | undefined)?.includes(resource) === true &&
		(show.operation as string[] | undefined)?.includes(value) === true
	);
};

describe('every operation file is registered, shown and tested', () => {
	const files = operationFiles();
	let versions: NodeVersion[];

	beforeAll(async () => {
		versions = await everyNodeVersion();
	});

	const descriptionsOf = (node: string) =>
		versions
			.filter((version) => version.name === node.charAt(0).toLowerCase() + node.slice(1))
			.map((version) => version.description);

	it('finds the operation files of every node', () => {
		expect(new Set(files.map((file) => file.node))).toEqual(
			new Set([
				'AgentPlatformAdmin',
				'AnzSalesIntelligence',
				'GlobalEnrichment',
				'MarketingAutomation',
			]),
		);
		expect(files.length).toBeGreaterThan(60);
	});

	it("is offered in its resource's Operation list", () => {
		const missing = files.filter((file) => {
			const { value } = declaredIn(file);
			return !descriptionsOf(file.node).some((description) =>
				description.properties.some(
					(property) =>
						property.name === 'operation' &&
						(property.displayOptions?.show?.resource as string[] | undefined)?.includes(
							file.resource,
						) &&
						(property.options as INodePropertyOptions[]).some((option) => option.value === value),
				),
			);
		});
		expect(missing.map((file) => `${file.node}/${file.resource}/${file.file}`)).toEqual([]);
	});

	it('has every field in the node, shown for this operation', () => {
		const missing = files.flatMap((file) => {
			const { value, fields } = declaredIn(file);
			const properties = descriptionsOf(file.node).flatMap((description) => description.properties);
			return fields
				.filter(
					(field) =>
						!properties.some(
							(property) =>
								property.name === field.name &&
								property.type === field.type &&
								shownFor(property, file.resource, value),
						),
				)
				.map((field) => `${file.node}/${file.resource}/${file.file}: ${field.name}`);
		});
		expect(missing).toEqual([]);
	});

	it('has its test file', () => {
		const untested = files
			.map((file) =>
				join('test/nodes', file.node, 'actions', file.resource, `${file.file}.test.ts`),
			)
			.filter((path) => !existsSync(join(PROJECT_ROOT, path)));
		expect(untested).toEqual([]);
	});
});
