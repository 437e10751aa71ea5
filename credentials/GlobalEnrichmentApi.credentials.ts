import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

/**
 * Global contact and company enrichment service: an API key sent in the `api_key` header.
 * Two APIs: the service's own (default) and the connection contract of the specification.
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
			displayName: 'API',
			name: 'api',
			type: 'options',
			options: [
				{
					name: 'Service API',
					value: 'service',
					description: "The service's own API at its real address (for a key from the service)",
				},
				{
					name: 'Connection Contract (Specification)',
					value: 'contract',
					description:
						"The specification's paths and bodies, for the agent platform's connection or a gateway that speaks it",
				},
			],
			default: 'service',
			description:
				'Which API the node speaks. A credential saved before this choice existed keeps its Base URL, and with it the connection contract.',
		},
		{
			displayName: 'Service URL',
			name: 'serviceUrl',
			type: 'string',
			default: 'https://api.lusha.com',
			placeholder: 'e.g. https://api.lusha.com',
			description: "Address of the service's own API; change it only to go through a proxy",
			displayOptions: { show: { api: ['service'] } },
		},
		{
			// Shown for both choices on purpose: a credential saved before the API choice existed holds
			// only this field, and n8n drops stored values of fields it does not display.
			displayName: 'Base URL (Connection Contract)',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://gateway.example.com',
			description:
				'Address of a gateway that speaks the connection contract (/person, ...). When set, the connection contract is used; leave it empty for the Service API.',
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

	/** `GET /account/usage` on either API: the credit balance, free of charge. */
	test: ICredentialTestRequest = {
		request: {
			baseURL:
				'={{($credentials.api === "contract" || $credentials.baseUrl.trim() !== "" ? $credentials.baseUrl : $credentials.serviceUrl || "https://api.lusha.com").trim().replace(/\\/+$/, "")}}',
			url: '/account/usage',
			method: 'GET',
		},
	};
}
