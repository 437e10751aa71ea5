import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { ADMIN_BASE_URL_EXPRESSION } from '../nodes/AgentPlatformAdmin/shared/regions';

/** Calls on the organization, not on a project, send an empty project part: `Bearer :<key>`. */
const ORGANIZATION_SCOPED_PATHS = [/\/projects\/create$/];

export class AgentPlatformApi implements ICredentialType {
	name = 'agentPlatformApi';

	displayName = 'Agent Platform API';

	icon: Icon = {
		light: 'file:../icons/agentPlatform.svg',
		dark: 'file:../icons/agentPlatform.dark.svg',
	};

	documentationUrl = 'https://github.com/agent-platform-nodes/n8n-nodes-agent-platform#credentials';

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
			placeholder: 'e.g. https://api-xxxxxx.stack.example.com',
			description: 'Address of the API without the /latest path segment (it is added for you)',
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
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'Key from Integrations & API Keys. Invitation and user operations need a key with the Admin role.',
		},
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const url = `${requestOptions.baseURL ?? ''}${requestOptions.url ?? ''}`.split('?')[0];
		const projectPart = ORGANIZATION_SCOPED_PATHS.some((path) => path.test(url))
			? ''
			: String(credentials.projectId ?? '').trim();
		requestOptions.headers = {
			...requestOptions.headers,
			Authorization: `Bearer ${projectPart}:${String(credentials.apiKey ?? '').trim()}`,
		};
		return requestOptions;
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: ADMIN_BASE_URL_EXPRESSION,
			url: '/auth/info',
			method: 'GET',
		},
	};
}
