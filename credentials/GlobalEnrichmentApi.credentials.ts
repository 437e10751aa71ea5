import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { apiBaseUrlExpression, apiChoiceProperties } from '../nodes/enrichment/credentialFields';
import { SERVICE_API_URL } from '../nodes/GlobalEnrichment/transport';

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
		...apiChoiceProperties(SERVICE_API_URL, '/person'),
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
			baseURL: apiBaseUrlExpression(SERVICE_API_URL),
			url: '/account/usage',
			method: 'GET',
		},
	};
}
