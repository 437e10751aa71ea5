import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

/**
 * Global contact and company enrichment service: an API key sent in the `api_key` header.
 * The test calls `GET /account/usage`, which reports the credit balance and costs no credit.
 */
export class GlobalEnrichmentApi implements ICredentialType {
	name = 'globalEnrichmentApi';

	displayName = 'Global Enrichment API';

	icon: Icon = {
		light: 'file:../icons/globalEnrichment.svg',
		dark: 'file:../icons/globalEnrichment.dark.svg',
	};

	documentationUrl =
		'https://github.com/agent-platform-nodes/n8n-nodes-agent-platform#global-enrichment';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://api.example.com',
			description:
				'Address of the service API. Paths such as /person are added to it; a trailing slash is ignored.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: "Key from the service's API settings page",
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				api_key: '={{$credentials.apiKey.trim()}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "")}}',
			url: '/account/usage',
			method: 'GET',
		},
	};
}
