import type { IHookFunctions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { receive } from './trigger/delivery';
import * as lifecycle from './trigger/lifecycle';
import * as loadOptions from './trigger/loadOptions';
import { properties } from './trigger/properties';
import { credentialTest } from './transport';
import { GLOBAL_ENRICHMENT_SUMMARY } from './summary';

export class GlobalEnrichmentTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Global Enrichment Trigger',
		name: 'globalEnrichmentTrigger',
		icon: {
			light: 'file:../../icons/globalEnrichment.svg',
			dark: 'file:../../icons/globalEnrichment.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Watching " + $parameter["entityType"]}}',
		description: GLOBAL_ENRICHMENT_SUMMARY,
		defaults: { name: 'Global Enrichment Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'globalEnrichmentApi', required: true, testedBy: 'credentialTest' }],
		webhooks: [
			// The service's URL check, answered while the subscriptions are being created.
			{ name: 'setup', httpMethod: 'GET', responseMode: 'onReceived', path: 'webhook' },
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties,
	};

	methods = { loadOptions, credentialTest: { credentialTest } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await lifecycle.checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await lifecycle.create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await lifecycle.remove.call(this);
			},
		},
	};

	webhook = receive;
}
