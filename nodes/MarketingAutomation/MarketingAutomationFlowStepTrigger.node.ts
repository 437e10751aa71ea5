import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { flowStepCredentialCheck } from './flowStep/credentialCheck';
import { problemsOf, readConfig } from './flowStep/definition';
import { properties } from './flowStep/properties';
import { serve } from './flowStep/serve';

/**
 * Each endpoint of the provider interface, served from the node's webhook path. n8n names a
 * webhook `default` or `setup` only, so the reads are `setup` and the calls `default`, and the
 * handler tells them apart by the last part of the request's path.
 */
const endpoint = (httpMethod: 'GET' | 'POST', path: string): IWebhookDescription => ({
	name: httpMethod === 'GET' ? 'setup' : 'default',
	httpMethod,
	path,
	responseMode: 'onReceived',
});

/**
 * The invocation: the handler answers refusals and duplicates itself; an accepted batch it hands
 * to n8n, which answers 201 without a body once the run is recorded and, in queue mode, queued
 * (n8n evaluates the code as an expression, so it is one).
 */
const invocationEndpoint: IWebhookDescription = {
	...endpoint('POST', 'submitAsyncAction'),
	responseCode: '={{ 201 }}',
	responseData: 'noData',
};

export class MarketingAutomationFlowStepTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Marketing Automation Flow Step Trigger',
		name: 'marketingAutomationFlowStepTrigger',
		icon: {
			light: 'file:../../icons/marketingAutomation.svg',
			dark: 'file:../../icons/marketingAutomation.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Flow step: " + $parameter["flowStepName"]}}',
		description:
			'Starts the workflow when a Smart Campaign runs it as a flow step, with the batch of leads as items',
		defaults: { name: 'Marketing Automation Flow Step Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'marketingAutomationFlowStepApi',
				required: true,
				testedBy: 'flowStepCredentialCheck',
			},
		],
		webhooks: [
			invocationEndpoint,
			endpoint('GET', 'openapi.json'),
			endpoint('GET', 'getServiceDefinition'),
			endpoint('GET', 'status'),
			endpoint('POST', 'getPicklist'),
			endpoint('GET', 'brandIcon'),
			endpoint('GET', 'serviceIcon'),
		],
		properties,
	};

	methods = { credentialTest: { flowStepCredentialCheck } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return false;
			},
			/** Activation refuses a flow step the interface would not install, naming the field. */
			async create(this: IHookFunctions): Promise<boolean> {
				const config = readConfig(
					(name, fallback) => this.getNodeParameter(name, fallback as never),
					'apiKey',
				);
				const problems = problemsOf(config);
				if (problems.length > 0) {
					throw new NodeOperationError(
						this.getNode(),
						`The flow step cannot be served: ${problems[0]}`,
						{
							description: problems.join('; '),
						},
					);
				}
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	webhook = serve;
}
