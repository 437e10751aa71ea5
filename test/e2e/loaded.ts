/**
 * What the package tests ask of a running n8n: which node and credential types it loaded, and
 * whether every node of a package in a demo ran and gave items.
 */
import { fetchFresh } from '../../scripts/fetchFresh';
import { ownerSession, type E2e, type E2eRun } from './runner';

/** The node and credential type names n8n loaded, read through its editor's REST API. */
export async function loadedTypes(e2e: E2e): Promise<{ nodes: string[]; credentials: string[] }> {
	await e2e.startServer();
	const headers = await ownerSession(e2e.serverUrl);
	const get = async (url: string) => {
		const answer = await fetchFresh(`${e2e.serverUrl}${url}`, { headers });
		expect({ url, status: answer.status }).toEqual({ url, status: 200 });
		return ((await answer.json()) as Array<{ name: string }>).map((type) => type.name);
	};
	return {
		nodes: await get('/types/nodes.json'),
		credentials: await get('/types/credentials.json'),
	};
}

/** Every node of `packageName` in the workflow ran and gave at least one item. */
export function expectPackageNodesGaveItems(
	run: E2eRun,
	workflow: { nodes: Array<{ name: string; type: string }> },
	packageName: string,
): void {
	const ours = workflow.nodes.filter((node) => node.type.startsWith(`${packageName}.`));
	expect(ours.length).toBeGreaterThan(0);
	for (const node of ours) {
		expect({ node: node.name, ran: run.nodesRun.includes(node.name) }).toEqual({
			node: node.name,
			ran: true,
		});
		expect({ node: node.name, items: run.items(node.name).length > 0 }).toEqual({
			node: node.name,
			items: true,
		});
	}
}
