import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { apiBaseUrlExpression, apiChoiceProperties } from '../nodes/enrichment/credentialFields';
import { SERVICE_API_URL } from '../nodes/AnzSalesIntelligence/transport';

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
		...apiChoiceProperties(SERVICE_API_URL, '/enrich/person'),
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
			baseURL: apiBaseUrlExpression(SERVICE_API_URL),
			url: '={{$credentials.api === "contract" || $credentials.baseUrl.trim() !== "" ? "/account/usage" : "/people/search"}}',
			method:
				'={{$credentials.api === "contract" || $credentials.baseUrl.trim() !== "" ? "GET" : "POST"}}' as 'GET',
			body: '={{$credentials.api === "contract" || $credentials.baseUrl.trim() !== "" ? undefined : { selectedCountry: "AU", from: 0, size: 1 }}}',
		},
	};
}
