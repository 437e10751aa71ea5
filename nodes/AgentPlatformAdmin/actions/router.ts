import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { routeOperation, type NodeResources } from '../../shared/router';
import * as agent from './agent';
import * as apiKey from './apiKey';
import * as invite from './invite';
import type { AgentPlatformAdminMap } from './node.type';
import * as organization from './organization';
import * as project from './project';
import * as tool from './tool';
import * as user from './user';

const resources = {
	agent: agent.operations,
	apiKey: apiKey.operations,
	invite: invite.operations,
	organization: organization.operations,
	project: project.operations,
	tool: tool.operations,
	user: user.operations,
} satisfies NodeResources<AgentPlatformAdminMap>;

/** Every operation runs through the shared router (validation first, pairedItem, Continue On Fail). */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeOperation.call(this, resources);
}
