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
		options: [send.option],
		default: 'send',
	},
	...send.description,
];
