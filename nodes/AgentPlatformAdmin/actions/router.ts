import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { routeOperation, type NodeResources } from '../../shared/router';
import * as invite from './invite';
import type { AgentPlatformAdminMap } from './node.type';
import * as project from './project';
import * as user from './user';

const resources = {
	invite: invite.operations,
	project: project.operations,
	user: user.operations,
} satisfies NodeResources<AgentPlatformAdminMap>;

/** Every operation runs through the shared router (validation first, pairedItem, Continue On Fail). */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeOperation.call(this, resources);
}
