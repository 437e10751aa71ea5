import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { properties } from './actions/description';
import { router } from './actions/router';
import { credentialTest } from './transport';

/**
 * Programmatic: every operation is written in code and runs through the shared router, so the
 * transport can retry the calls that are safe to repeat and say when a creating call may have run
 * (n8n's routing engine can do neither).
 */
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
		credentials: [{ name: 'agentPlatformApi', required: true, testedBy: 'credentialTest' }],
		properties,
	};

	methods = { credentialTest: { credentialTest } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
