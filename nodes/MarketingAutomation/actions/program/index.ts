import type { INodeProperties } from 'n8n-workflow';

import * as getStatistics from './getStatistics.operation';

export const operations = { getStatistics };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['program'] } },
		options: [
			{
				name: 'Get Statistics',
				value: 'getStatistics',
				description: 'Compute membership statistics of a program',
				action: 'Get program statistics',
			},
		],
		default: 'getStatistics',
	},
	...getStatistics.description,
];
