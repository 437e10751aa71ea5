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
				description:
					"Create or update leads matched by a lookup field (email by default), 300 per call. Map Automatically sends the item's fields; as an AI agent tool, the lead object the model sends.",
				action: 'Create or update leads matched by email or another field',
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
				description:
					'Get many leads whose filter field (email by default) matches one of the values (comma-separated, 300 per call). A value with no lead gives found: false when asked, and always as an AI agent tool.',
				action: 'Get many leads by email or another field',
			},
		],
		default: 'createOrUpdate',
	},
	...createOrUpdate.description,
	...getAll.description,
	...getChanges.description,
];
