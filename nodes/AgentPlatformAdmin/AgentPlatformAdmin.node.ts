import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { properties } from './actions/description';
import { customOperations } from './actions/router';
import { credentialTest, requestDefaults } from './transport';

/** Declarative: n8n's routing engine sends the requests; Change Role is written in code. */
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
		requestDefaults,
		properties,
	};

	customOperations = customOperations;

	methods = { credentialTest: { credentialTest } };
}
