import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export const operations = { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['usage'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description:
					"Get the instance's API calls per day and per API user, today or over the last 7 days",
				action: 'Get API usage',
			},
		],
		default: 'get',
	},
	...get.description,
];
