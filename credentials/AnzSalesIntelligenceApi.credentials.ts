import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

/**
 * AU/NZ sales-intelligence service: an API key sent as `Authorization: Bearer <key>`.
 * The test calls `GET /account/usage`, which reports the credit balance and costs no credit.
 */
export class AnzSalesIntelligenceApi implements ICredentialType {
	name = 'anzSalesIntelligenceApi';

	displayName = 'ANZ Sales Intelligence API';

	icon: Icon = {
		light: 'file:../icons/anzSalesIntelligence.svg',
		dark: 'file:../icons/anzSalesIntelligence.dark.svg',
	};

	documentationUrl =
		'https://github.com/agent-platform-nodes/n8n-nodes-agent-platform#anz-sales-intelligence';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://api.example.com',
			description:
				'Address of the service API. Paths such as /enrich/person are added to it; a trailing slash is ignored.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: "Key from the service's dashboard (profile, integrations, API)",
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey.trim()}}',
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
