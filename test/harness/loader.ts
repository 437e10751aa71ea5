/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test harness, never shipped */
import path from 'node:path';
import { PackageDirectoryLoader } from 'n8n-core';
import type {
	ICredentialType,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
	KnownNodesAndCredentials,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

export const PROJECT_ROOT = path.resolve(__dirname, '../..');
const TEST_START_PATH = 'test/fixtures/TestStart.node.ts';

/**
 * Loads the package the way n8n loads an installed community package (package.json `n8n` paths,
 * description validation, codex), but from the TypeScript sources: `dist/x.js` maps to `x.ts`.
 *
 * Each node is loaded when a test first asks for it, as n8n's lazy loader does: most test files
 * run one node, and loading the others' sources in every file cost ~0.3 s each. A node's type name
 * is its file's name, first letter lower-case (`MarketingAutomation.node.js` → `marketingAutomation`),
 * checked when it loads.
 */
class SourcePackageLoader extends PackageDirectoryLoader {
	protected resolvePath(file: string): string {
		const source = file.replace(/^dist\/(.*)\.js(on)?$/, (_m, stem: string, json?: string) =>
			json ? `${stem}.json` : `${stem}.ts`,
		);
		return path.resolve(this.directory, source);
	}

	async loadAll(): Promise<void> {
		const { nodes = [], credentials = [] } = (this.packageJson.n8n ?? {}) as {
			nodes?: string[];
			credentials?: string[];
		};
		for (const sourcePath of nodes) {
			const className = path.basename(sourcePath, '.node.js');
			const name = className.charAt(0).toLowerCase() + className.slice(1);
			this.known.nodes[name] = { className, sourcePath };
		}
		for (const credentialPath of credentials) this.loadCredentialFromFile(credentialPath);
		this.loadNodeFromFile(TEST_START_PATH);
	}

	getNode(nodeType: string) {
		const entry = super.getNode(nodeType);
		if (entry.type.description.name !== nodeType) {
			throw new Error(
				`${entry.sourcePath} holds node type ${entry.type.description.name}, not ${nodeType}: name the file after its type`,
			);
		}
		return entry;
	}
}

export interface LoadedPackage {
	packageName: string;
	nodeTypes: INodeTypes;
	getCredentialType(name: string): ICredentialType;
	knownCredentials: KnownNodesAndCredentials['credentials'];
}

let loaded: Promise<LoadedPackage> | undefined;

export async function loadPackage(): Promise<LoadedPackage> {
	loaded ??= (async () => {
		const loader = new SourcePackageLoader(PROJECT_ROOT);
		await loader.loadAll();
		const prefix = `${loader.packageName}.`;
		const toolVariants = new Map<string, INodeType>();
		const typeFor = (name: string): INodeType | IVersionedNodeType => {
			const key = name.startsWith(prefix) ? name.slice(prefix.length) : name;
			// Every node file is known from the start, loaded or not.
			const known = (type: string) => type in loader.known.nodes;
			if (!known(key) && key.endsWith('Tool') && known(key.slice(0, -4))) {
				return toolVariant(key.slice(0, -4));
			}
			if (!known(key)) throw new Error(`Unknown node type ${name}`);
			return loader.getNode(key).type as INodeType | IVersionedNodeType;
		};
		/**
		 * `<name>Tool`: the node as n8n runs it for an AI agent (type and description name end in
		 * `Tool`, so `@tool` display options apply), kept on the main connection so a test can hand
		 * it the item n8n builds for a tool call and read its output.
		 */
		const toolVariant = (baseName: string): INodeType => {
			let variant = toolVariants.get(baseName);
			if (!variant) {
				const base = loader.getNode(baseName).type as INodeType;
				variant = Object.create(base) as INodeType;
				variant.description = { ...base.description, name: `${base.description.name}Tool` };
				toolVariants.set(baseName, variant);
			}
			return variant;
		};
		const nodeTypes: INodeTypes = {
			getByName: (name) => typeFor(name),
			getByNameAndVersion: (name, version) =>
				NodeHelpers.getVersionedNodeType(typeFor(name), version),
			getKnownTypes: () => loader.known.nodes,
		};
		return {
			packageName: loader.packageName,
			nodeTypes,
			getCredentialType: (name) => {
				const entry = loader.credentialTypes[name];
				if (!entry) throw new Error(`Unknown credential type ${name}`);
				return entry.type;
			},
			knownCredentials: loader.known.credentials,
		};
	})();
	return await loaded;
}

export const TEST_START_TYPE = 'testStart';
