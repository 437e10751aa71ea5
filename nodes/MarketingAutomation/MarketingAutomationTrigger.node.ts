import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { properties } from './trigger/events';
import * as loadOptions from './trigger/loadOptions';
import { MARKETING_AUTOMATION_SUMMARY } from './summary';
import { credentialTest } from './transport/credentialCheck';
import { pollActivities } from './trigger/poll';

export class MarketingAutomationTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Marketing Automation Trigger',
		name: 'marketingAutomationTrigger',
		icon: {
			light: 'file:../../icons/marketingAutomation.svg',
			dark: 'file:../../icons/marketingAutomation.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description: MARKETING_AUTOMATION_SUMMARY,
		defaults: { name: 'Marketing Automation Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'marketingAutomationApi', required: true, testedBy: 'credentialTest' }],
		properties,
	};

	methods = { loadOptions, credentialTest: { credentialTest } };

	poll = pollActivities;
}
