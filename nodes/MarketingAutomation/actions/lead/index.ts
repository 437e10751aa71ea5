import type { INodeProperties } from 'n8n-workflow';

import * as createOrUpdate from './createOrUpdate.operation';
import * as getAll from './getAll.operation';
import * as getChanges from './getChanges.operation';

export const operations = { createOrUpdate, getAll, getChanges };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['lead'] } },
		options: [
			{
				name: 'Create or Update',
				value: 'createOrUpdate',
				description: 'Create or update leads, 300 per call',
				action: 'Create or update leads',
			},
			{
				name: 'Get Changes',
				value: 'getChanges',
				description: 'Get data value changes of leads since a date',
				action: 'Get lead changes',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get many leads by a filter field and values',
				action: 'Get many leads',
			},
		],
		default: 'createOrUpdate',
	},
	...createOrUpdate.description,
	...getAll.description,
	...getChanges.description,
];
