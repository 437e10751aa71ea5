import type { INodeProperties } from 'n8n-workflow';

import * as send from './send.operation';

export const operations = { send };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['apiCall'] } },
		options: [
			{
				name: 'Send Request',
				value: 'send',
				description: 'Call any endpoint of the instance with the same token, throttle and retries',
				action: 'Send an API request',
			},
		],
		default: 'send',
	},
	...send.description,
];
