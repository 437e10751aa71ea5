import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { properties } from './actions/description';
import { router } from './actions/router';
import { credentialTest } from './transport';

export class AnzSalesIntelligence implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ANZ Sales Intelligence',
		name: 'anzSalesIntelligence',
		icon: {
			light: 'file:../../icons/anzSalesIntelligence.svg',
			dark: 'file:../../icons/anzSalesIntelligence.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Enrich and search people and companies in Australia and New Zealand (profile URL, email, domain, ABN)',
		defaults: { name: 'ANZ Sales Intelligence' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'anzSalesIntelligenceApi', required: true, testedBy: 'credentialTest' }],
		properties,
	};

	methods = { credentialTest: { credentialTest } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
