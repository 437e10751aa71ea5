import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	INodeProperties,
} from 'n8n-workflow';

import { requestToken } from '../nodes/MarketingAutomation/transport/token';

/**
 * Marketing-automation service, 2-legged OAuth 2.0 (client credentials).
 *
 * Mechanism: a hidden `expirable` field holds the access token and `preAuthentication` fetches it
 * (POST form body to `<instance>/identity/oauth/token`); n8n persists the result in the stored
 * credential, so the token is reused by later calls and executions. `authenticate` puts it in the
 * `Authorization: Bearer` header only (never in a query string). Because the service signals an
 * expired token with HTTP 200 + code 601/602 and n8n has no time-based expiry, the node's transport
 * forces a refresh itself (see nodes/MarketingAutomation/transport/token.ts).
 *
 * n8n's `oAuth2Api` client-credentials flow was not used: it refreshes only on an HTTP status code
 * (401 by default), which this service never sends for API calls, and offers no way to force a new
 * token from a 200 answer.
 *
 * The HTTP Request node can use this credential (it has `authenticate`): it gets a token on first
 * use; after the token expires, a call answers 602 until the node of this package (or a credential
 * test) has refreshed it.
 */
export class MarketingAutomationApi implements ICredentialType {
	name = 'marketingAutomationApi';

	displayName = 'Marketing Automation API';

	icon = {
		light: 'file:../icons/marketingAutomation.svg',
		dark: 'file:../icons/marketingAutomation.dark.svg',
	} as const;

	documentationUrl =
		'https://github.com/agent-platform-nodes/n8n-nodes-agent-platform#marketing-automation';

	properties: INodeProperties[] = [
		{
			displayName: 'REST Endpoint URL',
			name: 'restEndpoint',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://123-ABC-456.example.com/rest',
			description:
				'The REST API endpoint of the instance (admin page "Web Services"). The identity URL is derived from it.',
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Calls per 20 Seconds',
			name: 'callsPer20Seconds',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 100 },
			default: 50,
			description:
				"Calls this n8n process may send to the instance per 20 seconds. The instance allows 100 for all its integrations together and advises about 50 per integration; in queue mode divide this integration's share by the number of workers (e.g. 25 each for 2 workers).",
		},
		{
			displayName: 'Calls in Flight',
			name: 'callsInFlight',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 10 },
			default: 5,
			description:
				'Calls this n8n process may have waiting for an answer at once. The instance allows 10 for all its integrations together and advises about 5 per integration; in queue mode divide by the number of workers.',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			displayName: 'Expires At',
			name: 'expiresAt',
			type: 'hidden',
			default: 0,
		},
		{
			displayName: 'Issued For',
			name: 'issuedFor',
			type: 'hidden',
			default: '',
		},
	];

	async preAuthentication(
		this: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
	): Promise<IDataObject> {
		return await requestToken.call(this, credentials);
	}

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
			},
		},
	};

	// The test runs preAuthentication (so a wrong ID or secret fails at the identity endpoint),
	// then one read-only call that needs a valid token.
	test: ICredentialTestRequest = {
		request: {
			baseURL:
				'={{$credentials.restEndpoint.trim().replace(/\\/+$/, "").replace(/\\/rest$/i, "").replace(/\\/+$/, "")}}',
			url: '/rest/v1/leads/describe2.json',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'success',
					value: false,
					message:
						'The token was issued but the API user cannot read the lead database: check its role permissions',
				},
			},
		],
	};
}
