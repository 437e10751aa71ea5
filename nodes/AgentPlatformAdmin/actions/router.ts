import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { routeOperation, type NodeResources } from '../../shared/router';
import * as invite from './invite';
import type { AgentPlatformAdminMap } from './node.type';
import * as project from './project';
import * as user from './user';

/** The operations written in code, per resource (the others are routed by n8n's routing engine). */
const coded = {
	invite: invite.operations,
	project: project.operations,
	user: user.operations,
} satisfies {
	[R in keyof AgentPlatformAdminMap]: Partial<NodeResources<AgentPlatformAdminMap>[R]>;
};

async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeOperation.call(this, coded);
}

/** The node's `customOperations`: every coded operation goes through the shared router. */
export const customOperations = Object.fromEntries(
	Object.entries(coded)
		.filter(([, operations]) => Object.keys(operations).length > 0)
		.map(([resource, operations]) => [
			resource,
			Object.fromEntries(Object.keys(operations).map((operation) => [operation, route])),
		]),
);
