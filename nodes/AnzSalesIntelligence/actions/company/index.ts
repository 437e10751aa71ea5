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
				description: 'Get the profile of a company from its domain, company URL, ABN or website',
				action: 'Enrich a company',
			},
		],
		default: 'enrich',
	},
	...enrich.description,
];
