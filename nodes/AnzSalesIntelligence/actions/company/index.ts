import type { INodeProperties } from 'n8n-workflow';

import * as enrich from './enrich.operation';

/** The resource's operations, by operation value (the router's map). */
export const operations = { enrich };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['company'] } },
		options: [
			{
				name: 'Enrich',
				value: 'enrich',
				description:
					'Get the profile of a company from its domain, company URL, ABN (11 digits, spaces allowed) or website. 1 credit when found, none on a miss (found: false).',
				action: 'Enrich a company by domain website business number or profile link',
			},
		],
		default: 'enrich',
	},
	...enrich.description,
];
