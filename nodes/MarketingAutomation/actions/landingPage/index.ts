import type { INodeProperties } from 'n8n-workflow';

import * as getStatistics from './getStatistics.operation';

export const operations = { getStatistics };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['landingPage'] } },
		options: [
			{
				name: 'Get Statistics',
				value: 'getStatistics',
				description: 'Compute visits and form fills of a landing page',
				action: 'Get landing page statistics',
			},
		],
		default: 'getStatistics',
	},
	...getStatistics.description,
];
