import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as getAll from './getAll.operation';

export const operations = { create, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customField'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a lead database field',
				action: 'Create a custom field',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get many lead database fields',
				action: 'Get many custom fields',
			},
		],
		default: 'create',
	},
	...create.description,
	...getAll.description,
];
