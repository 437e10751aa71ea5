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
		displayOptions: { show: { resource: ['contact'] } },
		options: [
			{
				name: 'Enrich',
				value: 'enrich',
				description:
					'Enrich many contacts at once through the bulk endpoint (100 per call). 1-2 credits per contact found, none on a miss.',
				action: 'Enrich many contacts at once by email profile link or name',
			},
			{
				name: 'Find',
				value: 'find',
				description:
					'Look up one known contact by email, profile URL, or name and company. 1-2 credits when found, none on a miss (found: false).',
				action: 'Find a contact by email profile link or name and company',
			},
			{
				name: 'Search',
				value: 'search',
				description: 'Discover contacts by job title, company, location, industry and company size',
				action: 'Search contacts by job title company location and size',
			},
		],
		default: 'enrich',
	},
	...enrich.description,
	...find.description,
	...search.description,
];
