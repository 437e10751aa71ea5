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
				description:
					'Enrich many companies at once through the bulk endpoint (100 per call). 1 credit per company found, none on a miss.',
				action: 'Enrich many companies at once by domain or name',
			},
			{
				name: 'Find',
				value: 'find',
				description:
					'Look up one known company by domain (example.com) or name. 1 credit when found, none on a miss (found: false).',
				action: 'Find a company by domain or name',
			},
			{
				name: 'Search',
				value: 'search',
				description: 'Discover companies by name, location, industry and company size',
				action: 'Search companies by name location industry and size',
			},
		],
		default: 'enrich',
	},
	...enrich.description,
	...find.description,
	...search.description,
];
