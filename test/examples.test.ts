/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test of the example workflows, never shipped */
/*
 * The workflows in examples/ as a new user meets them: notes that explain them without covering a
 * node, pickers that show names, and node versions this package still offers.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { INode, INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

const ROOT = path.resolve(__dirname, '..');
const PACKAGE = 'n8n-nodes-agent-platform';
const STICKY = 'n8n-nodes-base.stickyNote';
/** A node's square on the canvas plus room for its two-line name and subtitle below it. */
const NODE_BOX = { left: -40, top: -20, right: 140, bottom: 170 };
const NOTES = ['About This Demo', 'Set Up First', 'What To Look At'];

interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
}

const examples = fs
	.readdirSync(path.join(ROOT, 'examples'))
	.filter((file) => file.endsWith('.json'))
	.sort()
	.map((file) => ({
		file,
		nodes: (
			JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', file), 'utf8')) as {
				nodes: ExampleNode[];
			}
		).nodes,
	}));

/** This package's node types by name, loaded from the sources package.json registers. */
const nodeTypes = new Map<string, INodeType>(
	(
		JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
			n8n: { nodes: string[] };
		}
	).n8n.nodes.map((distFile) => {
		const source = path.join(ROOT, distFile.replace(/^dist\//, '').replace(/\.js$/, ''));
		const className = path.basename(source).split('.')[0];
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const NodeClass = (require(source) as Record<string, new () => INodeType>)[className];
		const node = new NodeClass();
		return [`${PACKAGE}.${node.description.name}`, node];
	}),
);

describe.each(examples)('examples/$file', ({ nodes }) => {
	const stickies = nodes.filter((node) => node.type === STICKY);
	const others = nodes.filter((node) => node.type !== STICKY);

	it('has notes on what it shows, what to set up first and what to look at', () => {
		expect(stickies.map((note) => note.name).sort()).toEqual([...NOTES].sort());
		for (const note of stickies) expect(String(note.parameters.content)).toMatch(/^## \S/);
	});

	it('places its notes so that they cover no node', () => {
		const overlaps: string[] = [];
		for (const note of stickies) {
			const [x, y] = note.position;
			const width = Number(note.parameters.width);
			const height = Number(note.parameters.height);
			for (const node of others) {
				const [nx, ny] = node.position;
				const apart =
					x + width <= nx + NODE_BOX.left ||
					x >= nx + NODE_BOX.right ||
					y + height <= ny + NODE_BOX.top ||
					y >= ny + NODE_BOX.bottom;
				if (!apart) overlaps.push(`${note.name} covers ${node.name}`);
			}
		}
		expect(overlaps).toEqual([]);
	});

	it("uses versions of this package's nodes that the package offers", () => {
		for (const node of others.filter((n) => n.type.startsWith(`${PACKAGE}.`))) {
			const type = nodeTypes.get(node.type);
			expect({ node: node.name, known: type !== undefined }).toEqual({
				node: node.name,
				known: true,
			});
			const versions = [type!.description.version].flat();
			expect({ node: node.name, versions }).toEqual({
				node: node.name,
				versions: expect.arrayContaining([node.typeVersion]) as number[],
			});
		}
	});

	it('picks from the list, with the name shown, wherever the node offers a list (or maps an expression)', () => {
		const pickers: string[] = [];
		for (const node of others.filter((n) => nodeTypes.has(n.type))) {
			const { description } = nodeTypes.get(node.type)!;
			for (const [name, value] of Object.entries(node.parameters)) {
				// The field as the node's version shows it (2.1 turns some text fields into pickers).
				const offersList = description.properties.some(
					(property: INodeProperties) =>
						property.name === name &&
						property.modes?.some((mode) => mode.name === 'list') &&
						NodeHelpers.displayParameter(
							node.parameters as INodeParameters,
							property,
							{ typeVersion: node.typeVersion } as INode,
							description,
						),
				);
				if (!offersList) continue;
				const locator = value as {
					__rl?: boolean;
					mode?: string;
					value?: unknown;
					cachedResultName?: string;
				};
				// A value mapped from an earlier node (e.g. the project it created) has no list to pick.
				if (typeof locator.value === 'string' && locator.value.startsWith('=')) continue;
				pickers.push(
					`${node.name}.${name}: ${locator.mode}, ${locator.cachedResultName ? 'named' : 'unnamed'}`,
				);
			}
		}
		expect(pickers).toEqual(pickers.map((p) => p.replace(/: .*$/, ': list, named')));
	});
});

it('the marketing demo picks its list and campaign by name', () => {
	const marketing = examples.find((example) => example.file === 'marketing-demo.json')!;
	const locators = marketing.nodes
		.filter((node) => node.type === `${PACKAGE}.marketingAutomation`)
		.flatMap((node) =>
			Object.values(node.parameters).filter(
				(value) => (value as { __rl?: boolean } | null)?.__rl === true,
			),
		);
	expect(locators).toEqual([
		{ __rl: true, mode: 'list', value: '1003', cachedResultName: 'Imported leads' },
		{ __rl: true, mode: 'list', value: '2001', cachedResultName: 'Welcome flow' },
		{ __rl: true, mode: 'list', value: '1003', cachedResultName: 'Imported leads' },
	]);
});

it('the admin demo invites into the project it creates, and acts there to the end', () => {
	const admin = examples.find((example) => example.file === 'admin-demo.json')!;
	const projects = admin.nodes
		.filter((node) => node.type === `${PACKAGE}.agentPlatformAdmin`)
		.map((node) => [node.name, node.parameters.project]);
	const newProject = {
		__rl: true,
		mode: 'id',
		value: "={{ $('Create Project').item.json.project_id }}",
	};
	expect(projects).toEqual([
		['Create Project', undefined],
		['Invite Member', newProject],
		['Change Invite Role', newProject],
		['Update User Role', newProject],
		['Remove User From Project', newProject],
	]);
	const about = admin.nodes.find((node) => node.name === 'About This Demo')!;
	expect(String(about.parameters.content)).toContain(
		"**Invite Member** invites sam@example.com as Editor **into that project**: its *Project* field maps `{{ $('Create Project').item.json.project_id }}`",
	);
});

it('the README’s Quick start links every demo the dev setup imports', () => {
	const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
	const quickStart = readme.slice(
		readme.indexOf('## Quick start'),
		readme.indexOf('## Operations'),
	);
	const linked = [...quickStart.matchAll(/\]\(examples\/([^)]+\.json)\)/g)].map((m) => m[1]);
	expect([...new Set(linked)].sort()).toEqual(examples.map(({ file }) => file));
});

it('the lead-agent demo writes back with Marketing Automation version 2', () => {
	const demo = examples.find(({ file }) => file === 'lead-agent-demo.json')!;
	const marketing = demo.nodes.filter((node) => node.type === `${PACKAGE}.marketingAutomation`);
	expect(marketing.map((node) => [node.name, node.typeVersion])).toEqual([
		['Write Answer Back', 2],
	]);
});

it('the demos give time limits in seconds, the unit new nodes offer', () => {
	const minutes = examples.flatMap(({ file, nodes }) =>
		nodes
			.filter((node) => (node.parameters.options as { timeLimit?: unknown } | undefined)?.timeLimit)
			.filter((node) => node.type === `${PACKAGE}.marketingAutomation`)
			.map((node) => `${file}: ${node.name}`),
	);
	expect(minutes).toEqual([]);
});
