import type { ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * What the marketing service presents when it calls a workflow that serves a flow step (the
 * Marketing Automation Flow Step Trigger): an API key in the `x-api-key` header, or a user and a
 * password (HTTP Basic). The admin enters the same values in the service's Service Providers page
 * after installing the flow step. This credential is checked on every call the trigger receives;
 * it is never sent anywhere, so it has no `authenticate` and no test. It is separate from the
 * Marketing Automation API credential, which the nodes use to call the service, in the other
 * direction, with the instance's client ID and secret.
 */
export class MarketingAutomationFlowStepApi implements ICredentialType {
	name = 'marketingAutomationFlowStepApi';

	displayName = 'Marketing Automation Flow Step API';

	icon = {
		light: 'file:../icons/marketingAutomation.svg',
		dark: 'file:../icons/marketingAutomation.dark.svg',
	} as const;

	documentationUrl =
		'https://github.com/agent-platform-nodes/n8n-nodes-agent-platform/blob/main/docs/marketing-flow-step.md#credential-marketing-automation-flow-step-api';

	properties: INodeProperties[] = [
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{
					name: 'API Key',
					value: 'apiKey',
					description: 'The service sends the key in the x-api-key header',
				},
				{
					name: 'Basic Auth',
					value: 'basic',
					description: 'The service sends a user and a password (HTTP Basic)',
				},
			],
			default: 'apiKey',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authentication: ['apiKey'] } },
			description:
				'A long random key you choose (at least 16 characters); enter the same key in the service when you install the flow step',
		},
		{
			displayName: 'User',
			name: 'user',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { authentication: ['basic'] } },
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authentication: ['basic'] } },
			description: 'At least 16 characters; enter the same user and password in the service',
		},
	];
}
