import type { INodeProperties } from 'n8n-workflow';

import { fromVersionTwo } from '../versions';
import * as getStatus from './getStatus.operation';
import * as importOperation from './import.operation';

export const operations = { getStatus, import: importOperation };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['bulkImport'], ...fromVersionTwo } },
		options: [
			{
				name: 'Get Status',
				value: 'getStatus',
				description:
					"Get an import job's status and figures, and its failed and warned rows with the service's reasons",
				action: 'Get the status of a bulk import',
			},
			{
				name: 'Import',
				value: 'import',
				description:
					'Import leads or program members from the input items or a CSV file as bulk jobs of up to 10 MB each: one call per file instead of one per 300 records',
				action: 'Import leads or program members in bulk',
			},
		],
		default: 'import',
	},
	...importOperation.description,
	...getStatus.description,
];
