import type { ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

import { apiKeyProperty } from './common/apiKeyField';

/**
 * The admin API's key. The node's transport sends it as `Authorization: Bearer <project>:<key>`
 * (no `authenticate`, see README "API Call"); the node tests it (`testedBy`).
 */
export class AgentPlatformApi implements ICredentialType {
	name = 'agentPlatformApi';

	displayName = 'Agent Platform API';

	icon: Icon = {
		light: 'file:../icons/agentPlatform.svg',
		dark: 'file:../icons/agentPlatform.dark.svg',
	};

	documentationUrl =
		'https://github.com/agent-platform-nodes/n8n-nodes-agent-platform/blob/main/docs/agent-platform.md#credential-agent-platform-api';

	properties: INodeProperties[] = [
		{
			displayName: 'Region',
			name: 'region',
			type: 'options',
			options: [
				{ name: 'Australia (AU)', value: 'au' },
				{ name: 'Custom', value: 'custom', description: 'Enter the base URL yourself' },
				{ name: 'Europe (EU)', value: 'eu' },
				{ name: 'United States (US)', value: 'us' },
			],
			default: 'us',
			description: 'Region your organization is hosted in; it decides the API address',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://api-xxxxxx.stack.example.com',
			description:
				'Address of the API, e.g. https://api-xxxxxx.stack.example.com (https:// and the /latest path segment are added when missing)',
			displayOptions: { show: { region: ['custom'] } },
		},
		{
			displayName: 'Project ID',
			name: 'projectId',
			type: 'string',
			default: '',
			required: true,
			description: 'Project the invitation and user operations act on',
		},
		apiKeyProperty(
			'Key from Integrations & API Keys. Invitation and user operations need a key with the Admin role.',
		),
	];
}
