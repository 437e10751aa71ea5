/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test of the package's descriptions, never shipped */
/**
 * The actions n8n's node panel lists for each node, built the way the editor builds them from a
 * node's description (n8n 2.41's node creator): in the node's default version only, from each
 * resource's first Operation selector shown in that version (a selector's own `@version` condition
 * counts, an option's does not), one action per option, named by its `action`.
 */
import path from 'node:path';

import type {
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

const ROOT = path.resolve(__dirname, '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const manifest = require(path.join(ROOT, 'package.json')) as { n8n: { nodes: string[] } };

/** Every node of the package, from its source (`dist/nodes/X/Y.node.js` → `nodes/X/Y.node.ts`). */
const descriptions: INodeTypeDescription[] = manifest.n8n.nodes.map((file) => {
	const source = path.join(ROOT, file.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
	const className = path.basename(file).split('.')[0];
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const exported = require(source) as Record<string, new () => INodeType>;
	return new exported[className]().description;
});

const defaultVersion = (d: INodeTypeDescription) =>
	d.defaultVersion ?? (Array.isArray(d.version) ? Math.max(...d.version) : d.version);

/** Does a property's own `@version` condition admit the version (other conditions aside)? */
const inVersion = (property: INodeProperties, d: INodeTypeDescription) => {
	const condition = property.displayOptions?.show?.['@version'];
	if (!condition) return true;
	const probe = { ...property, displayOptions: { show: { '@version': condition } } };
	return NodeHelpers.displayParameter({}, probe, { typeVersion: defaultVersion(d) }, d);
};

interface PanelAction {
	resource: string;
	value: string;
	name: string;
	action: string | undefined;
}

/** The actions the panel lists for a node with resources (nodes without list their operations). */
function panelActions(d: INodeTypeDescription): PanelAction[] {
	const actions: PanelAction[] = [];
	for (const resources of d.properties.filter((p) => p.name === 'resource' && inVersion(p, d))) {
		const list = (resources.options ?? []) as INodePropertyOptions[];
		for (const resource of list) {
			const selector = d.properties.find(
				(p) =>
					p.name === 'operation' &&
					(p.displayOptions?.show?.resource?.includes(resource.value) ?? list.length === 1) &&
					inVersion(p, d),
			);
			for (const option of (selector?.options ?? []) as INodePropertyOptions[]) {
				actions.push({
					resource: String(resource.value),
					value: String(option.value),
					name: option.name,
					action: option.action,
				});
			}
		}
	}
	if (actions.length > 0) return actions;
	const selector =
		d.properties.find((p) => p.name === 'operation' && inVersion(p, d)) ??
		d.properties.find((p) => p.name === 'operation');
	return ((selector?.options ?? []) as INodePropertyOptions[]).map((option) => ({
		resource: '',
		value: String(option.value),
		name: option.name,
		action: option.action,
	}));
}

const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);

describe("n8n's node panel", () => {
	it.each(descriptions.map((d) => [`${d.displayName} ${defaultVersion(d)}`, d] as const))(
		'%s: each resource lists every action once, with its own action text',
		(_name, d) => {
			const actions = panelActions(d);
			const byResource = new Map<string, PanelAction[]>();
			for (const action of actions) {
				byResource.set(action.resource, [...(byResource.get(action.resource) ?? []), action]);
			}
			for (const [resource, list] of byResource) {
				expect({ resource, names: duplicates(list.map((a) => a.name)) }).toEqual({
					resource,
					names: [],
				});
				expect({ resource, values: duplicates(list.map((a) => a.value)) }).toEqual({
					resource,
					values: [],
				});
				expect({ resource, withoutAction: list.filter((a) => !a.action) }).toEqual({
					resource,
					withoutAction: [],
				});
			}
			// Across resources, too: the panel shows the action texts in one list.
			expect(duplicates(actions.map((a) => a.action ?? ''))).toEqual([]);
		},
	);

	it.each(
		descriptions
			.filter((d) => d.group.includes('trigger'))
			.map((t) => [t, descriptions.find((d) => d.name === t.name.replace(/Trigger$/, ''))] as const)
			.filter(([, action]) => action !== undefined)
			.map(([t, action]) => [t.displayName, t, action!] as const),
	)(
		"%s: listed in its action node's entry, whose description n8n takes from the trigger: the two say the same",
		(_name, trigger, action) => {
			expect(trigger.description).toBe(action.description);
		},
	);

	it('lists Get Many of the Agent Platform once per resource, as version 2 saves it', () => {
		const admin = descriptions.find((d) => d.name === 'agentPlatformAdmin')!;
		const getMany = panelActions(admin).filter((a) => a.name === 'Get Many');
		expect(getMany.length).toBeGreaterThanOrEqual(6);
		expect(new Set(getMany.map((a) => a.value))).toEqual(new Set(['getAll']));
	});
});
