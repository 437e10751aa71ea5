import type { ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * Marketing-automation service, 2-legged OAuth 2.0 (client credentials).
 *
 * The node's transport asks the identity endpoint (`<instance>/identity/oauth/token`, POST form
 * body) for the access token, keeps it in the n8n process and sends it only in the
 * `Authorization: Bearer` header; it renews it before expiry and on the service's 601 / 602 answers
 * (see nodes/MarketingAutomation/transport/token.ts). The credential has no `authenticate`, so n8n
 * adds no "Custom API Call" to the nodes and does not offer it to the HTTP Request node, which could
 * not renew the token (README, "API Call"). The nodes test it (`testedBy`).
 *
 * n8n's `oAuth2Api` client-credentials flow was not used: it refreshes only on an HTTP status code
 * (401 by default), which this service never sends for API calls, and offers no way to force a new
 * token from a 200 answer.
 */
export class MarketingAutomationApi implements ICredentialType {
	name = 'marketingAutomationApi';

	displayName = 'Marketing Automation API';

	icon = {
		light: 'file:../icons/marketingAutomation.svg',
		dark: 'file:../icons/marketingAutomation.dark.svg',
	} as const;

	documentationUrl =
		'https://github.com/agent-platform-nodes/n8n-nodes-agent-platform/blob/main/docs/marketing-automation.md#credential-marketing-automation-api';

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
				"Calls each n8n process that runs the node may send to the instance per 20 seconds. The instance allows 100 for all its integrations together and advises about 50 per integration. In queue mode divide this integration's share by the processes that execute: the workers, plus the main instance when it runs manual executions (e.g. 25 for 2 workers, 16 for main and 2 workers). A setting too high costs a few refusals, after which each process slows down by itself.",
		},
		{
			displayName: 'Calls in Flight',
			name: 'callsInFlight',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 10 },
			default: 5,
			description:
				'Calls each n8n process that runs the node may have waiting for an answer at once. The instance allows 10 for all its integrations together and advises about 5 per integration; in queue mode divide by the processes that execute (the workers, plus main when it runs manual executions), at least 1.',
		},
	];
}
