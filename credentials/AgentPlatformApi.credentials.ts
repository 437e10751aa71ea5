import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { ADMIN_BASE_URL_EXPRESSION } from '../nodes/AgentPlatformAdmin/transport/baseUrl';

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

	/**
	 * One cheap call any valid key may make. n8n shows a rule's message when the answer has its
	 * status, so each failure says what to change instead of "Unauthorized" or "Not Found".
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: ADMIN_BASE_URL_EXPRESSION,
			url: '/auth/info',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The service refused the API key for this project (HTTP 401). Check that the API Key is complete, that the Project ID is a project of the key’s organization, and that Region is the region your organization lives in (a key works only in its own region).',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'The API key is valid but may not use this project (HTTP 403). Check the Project ID, or create the key in the project’s organization under Integrations & API Keys.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'No admin API answers at this address (HTTP 404). Check Region; with Custom, Base URL must be the API’s address (e.g. https://api-xxxxxx.stack.example.com), not the app’s web address.',
				},
			},
			...[500, 502, 503, 504].map((value) => ({
				type: 'responseCode' as const,
				properties: {
					value,
					message: `The service is failing (HTTP ${value}); the credential could not be checked. Try again later, or check Region and Base URL if it persists.`,
				},
			})),
		],
	};
}
