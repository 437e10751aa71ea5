import type { INode } from 'n8n-workflow';

/** A minimal node for unit tests of shared code that only needs `getNode()` or an error's node. */
export const testNode = (name: string): INode => ({
	id: 'n1',
	name,
	type: 'test.node',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
});
