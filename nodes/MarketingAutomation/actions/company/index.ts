import type { INodeProperties } from 'n8n-workflow';

import * as createOrUpdate from './createOrUpdate.operation';
import * as deleteRecords from './delete.operation';
import * as describe from './describe.operation';
import * as getAll from './getAll.operation';

export const operations = { createOrUpdate, delete: deleteRecords, describe, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['company'] } },
		options: [
			{
				name: 'Create or Update',
				value: 'createOrUpdate',
				description:
					'Create or update companies matched by their dedupe key (or ID), 300 per call; each item gets its status, ID and reasons',
				action: 'Create or update companies',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete companies by their dedupe key or ID, 300 per call',
				action: 'Delete companies',
			},
			{
				name: 'Describe',
				value: 'describe',
				description: 'Get the fields, dedupe key and searchable fields of companies',
				action: 'Describe companies',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description:
					'Get many companies whose searchable field (or compound key) matches one of the values, 300 per call. A value with no record gives found: false.',
				action: 'Get many companies by a field',
			},
		],
		default: 'getAll',
	},
	...createOrUpdate.description,
	...deleteRecords.description,
	...describe.description,
	...getAll.description,
];
