import type { INodeProperties } from 'n8n-workflow';

import * as enrich from './enrich.operation';
import * as find from './find.operation';
import * as search from './search.operation';

/** The resource's operations, by operation value (the router's map). */
export const operations = { enrich, find, search };

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
				description: 'Enrich many companies at once through the bulk endpoint (100 per call)',
				action: 'Enrich companies',
			},
			{
				name: 'Find',
				value: 'find',
				description: 'Look up one known company by domain or name',
				action: 'Find a company',
			},
			{
				name: 'Search',
				value: 'search',
				description: 'Discover companies by name, location, industry and company size',
				action: 'Search companies',
			},
		],
		default: 'enrich',
	},
	...enrich.description,
	...find.description,
	...search.description,
];
