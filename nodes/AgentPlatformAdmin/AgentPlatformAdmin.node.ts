import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { inviteDescription } from './resources/invite';
import { changeInviteRole } from './resources/invite/changeRole';
import { projectDescription } from './resources/project';
import { userDescription } from './resources/user';
import { ADMIN_BASE_URL_EXPRESSION } from './shared/regions';

export class AgentPlatformAdmin implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Agent Platform Admin',
		name: 'agentPlatformAdmin',
		icon: {
			light: 'file:../../icons/agentPlatform.svg',
			dark: 'file:../../icons/agentPlatform.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Manage projects, invitations and user roles of the AI agent platform',
		defaults: { name: 'Agent Platform Admin' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'agentPlatformApi', required: true }],
		requestDefaults: {
			baseURL: ADMIN_BASE_URL_EXPRESSION,
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			// Answers are checked by each operation's postReceive, which keeps the service's message.
			ignoreHttpStatusErrors: true,
		},
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Invite', value: 'invite' },
					{ name: 'Project', value: 'project' },
					{ name: 'User', value: 'user' },
				],
				default: 'invite',
			},
			...projectDescription,
			...inviteDescription,
			...userDescription,
		],
	};

	customOperations = {
		invite: { changeRole: changeInviteRole },
	};
}
