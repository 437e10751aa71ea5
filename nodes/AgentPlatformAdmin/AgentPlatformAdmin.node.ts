import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { properties } from './actions/description';
import { listSearch, resourceMapping } from './methods';
import { router } from './actions/router';
import { credentialTest } from './transport/credentialCheck';

/**
 * Programmatic: every operation is written in code and runs through the shared router, so the
 * transport can retry the calls that are safe to repeat and say when a creating call may have run
 * (n8n's routing engine can do neither).
 */
export class AgentPlatformAdmin implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Agent Platform',
		name: 'agentPlatformAdmin',
		icon: {
			light: 'file:../../icons/agentPlatform.svg',
			dark: 'file:../../icons/agentPlatform.dark.svg',
		},
		group: ['transform'],
		// Version 2: Get Many is saved as `getAll` (n8n's convention); version 1 keeps `getMany`.
		// Version 2.1: Tool → Run takes the tool's own input fields once a tool is picked.
		version: [1, 2, 2.1],
		defaultVersion: 2.1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Run agents, tools and workforces of the AI agent platform, keep its knowledge tables, and manage its conversations, projects, users, invites and API keys',
		defaults: { name: 'Agent Platform' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'agentPlatformApi', required: true, testedBy: 'credentialTest' }],
		properties,
	};

	methods = { credentialTest: { credentialTest }, listSearch, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
