import type { INodeProperties } from 'n8n-workflow';

import { fromVersionTwo } from '../versions';
import * as cancel from './cancel.operation';
import * as extract from './extract.operation';
import * as getAll from './getAll.operation';
import * as getFile from './getFile.operation';
import * as getStatus from './getStatus.operation';

export const operations = { cancel, extract, getAll, getFile, getStatus };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['bulkExtract'], ...fromVersionTwo } },
		options: [
			{
				name: 'Cancel',
				value: 'cancel',
				description: 'Cancel an export job that has not finished',
				action: 'Cancel a bulk extract',
			},
			{
				name: 'Extract',
				value: 'extract',
				description:
					'Export leads, activities or program members as bulk jobs (create, queue, wait, download): one file per job instead of one call per 300 records',
				action: 'Extract leads activities or program members in bulk',
			},
			{
				name: 'Get File',
				value: 'getFile',
				description: "Download a completed export job's file as items or as a binary file",
				action: 'Get the file of a bulk extract',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get the export jobs of the past 7 days that this API user created',
				action: 'Get many bulk extracts',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				description: "Get an export job's status, size and checksum",
				action: 'Get the status of a bulk extract',
			},
		],
		default: 'extract',
	},
	...extract.description,
	...getFile.description,
	...getStatus.description,
	...cancel.description,
	...getAll.description,
];
