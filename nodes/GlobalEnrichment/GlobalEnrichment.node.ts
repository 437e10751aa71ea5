import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { properties } from './actions/description';
import { listSearch, loadOptions } from './methods';
import { router } from './actions/router';
import { credentialTest } from './transport';
import { GLOBAL_ENRICHMENT_SUMMARY } from './summary';

export class GlobalEnrichment implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Global Enrichment',
		name: 'globalEnrichment',
		icon: {
			light: 'file:../../icons/globalEnrichment.svg',
			dark: 'file:../../icons/globalEnrichment.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: GLOBAL_ENRICHMENT_SUMMARY,
		defaults: { name: 'Global Enrichment' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'globalEnrichmentApi', required: true, testedBy: 'credentialTest' }],
		properties,
	};

	methods = { listSearch, loadOptions, credentialTest: { credentialTest } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
