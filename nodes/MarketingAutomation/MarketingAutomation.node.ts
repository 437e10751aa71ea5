import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { properties } from './actions/description';
import { router } from './actions/router';
import { MARKETING_AUTOMATION_SUMMARY } from './summary';
import { listSearch, loadOptions, resourceMapping } from './methods';
import { credentialTest } from './transport/credentialCheck';

export class MarketingAutomation implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Marketing Automation',
		name: 'marketingAutomation',
		icon: {
			light: 'file:../../icons/marketingAutomation.svg',
			dark: 'file:../../icons/marketingAutomation.dark.svg',
		},
		group: ['transform'],
		// Version 2: Lead → Get Many outputs found: false for misses by default (Include Not Found).
		version: [1, 2, 2.1],
		defaultVersion: 2.1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: MARKETING_AUTOMATION_SUMMARY,
		defaults: { name: 'Marketing Automation' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'marketingAutomationApi',
				required: true,
				testedBy: 'credentialTest',
				// Return Results calls the flow step's callback with its own key and token only.
				displayOptions: { hide: { resource: ['flowStep'] } },
			},
		],
		properties,
	};

	methods = { listSearch, loadOptions, resourceMapping, credentialTest: { credentialTest } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
