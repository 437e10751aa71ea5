import type {
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	IVersionedNodeType,
} from 'n8n-workflow';

import { loadPackage } from './loader';

/** One version of a node as n8n offers it: its description and version number. */
export interface NodeVersion {
	name: string;
	version: number;
	description: INodeTypeDescription;
}

/**
 * Every version of every node the package registers (package.json `n8n.nodes`), so a node or a
 * version added later is covered without touching the tests that use this.
 */
export async function everyNodeVersion(): Promise<NodeVersion[]> {
	const pkg = await loadPackage();
	const versions: NodeVersion[] = [];
	for (const name of Object.keys(pkg.nodeTypes.getKnownTypes()).sort()) {
		if (name === 'testStart') continue;
		const type = pkg.nodeTypes.getByName(name) as INodeType | IVersionedNodeType;
		const described: INodeType[] =
			'nodeVersions' in type ? Object.values(type.nodeVersions) : [type];
		for (const nodeType of described) {
			const numbers = nodeType.description.version;
			for (const version of Array.isArray(numbers) ? numbers : [numbers]) {
				versions.push({ name, version, description: nodeType.description });
			}
		}
	}
	return versions;
}

type Entry = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** Every parameter of a description, those inside collections and fixed collections included. */
export function everyParameter(properties: readonly Entry[]): INodeProperties[] {
	return properties.flatMap((entry) => {
		const nested = [
			...('options' in entry && Array.isArray(entry.options) ? entry.options : []),
			...('values' in entry && Array.isArray(entry.values) ? entry.values : []),
		] as Entry[];
		const own = 'type' in entry && 'name' in entry ? [entry as INodeProperties] : [];
		return [...own, ...everyParameter(nested)];
	});
}
