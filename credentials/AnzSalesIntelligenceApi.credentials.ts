import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

/**
 * AU/NZ sales-intelligence service: an API key sent as `Authorization: Bearer <key>`.
 * Two APIs: the service's own (default) and the connection contract of the specification.
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
			default: 'https://api.firmable.com',
			placeholder: 'e.g. https://api.firmable.com',
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
				'Address of a gateway that speaks the connection contract (/enrich/person, ...). When set, the connection contract is used; leave it empty for the Service API.',
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

	/**
	 * Service API: a one-person search (`POST /people/search`, size 1) proves the key; a search
	 * returns previews and reveals no contact data. Connection contract: `GET /account/usage`.
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL:
				'={{($credentials.api === "contract" || $credentials.baseUrl.trim() !== "" ? $credentials.baseUrl : $credentials.serviceUrl || "https://api.firmable.com").trim().replace(/\\/+$/, "")}}',
			url: '={{$credentials.api === "contract" || $credentials.baseUrl.trim() !== "" ? "/account/usage" : "/people/search"}}',
			method:
				'={{$credentials.api === "contract" || $credentials.baseUrl.trim() !== "" ? "GET" : "POST"}}' as 'GET',
			body: '={{$credentials.api === "contract" || $credentials.baseUrl.trim() !== "" ? undefined : { selectedCountry: "AU", from: 0, size: 1 }}}',
		},
	};
}
