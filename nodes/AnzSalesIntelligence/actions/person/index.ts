import type { INodeProperties } from 'n8n-workflow';

import * as enrich from './enrich.operation';
import * as search from './search.operation';

/** The resource's operations, by operation value (the router's map). */
export const operations = { enrich, search };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['person'] } },
		options: [
			{
				name: 'Enrich',
				value: 'enrich',
				description:
					'Get the profile of a person from a profile URL, email or profile slug. 1-2 credits when found, none on a miss (found: false).',
				action: 'Enrich a person by email profile link or profile slug',
			},
			{
				name: 'Search',
				value: 'search',
				description:
					'Find people by company, position, seniority, department, location and company size',
				action: 'Search people by company position seniority and location',
			},
		],
		default: 'enrich',
	},
	...enrich.description,
	...search.description,
];
