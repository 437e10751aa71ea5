import type { INodeProperties } from 'n8n-workflow';

import * as request from './request.operation';

/** The resource's operations, by operation value (the router's map). */
export const operations = { request };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['apiCall'] } },
		options: [request.option],
		default: 'request',
	},
	...request.description,
];
