import type { INodeProperties } from 'n8n-workflow';

import * as createOrUpdate from './createOrUpdate.operation';
import * as describe from './describe.operation';
import * as getAll from './getAll.operation';
import * as setStatus from './setStatus.operation';

export const operations = { createOrUpdate, describe, getAll, setStatus };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['programMember'] } },
		options: [
			{
				name: 'Create or Update',
				value: 'createOrUpdate',
				description:
					'Write member fields (custom ones too) of leads in a program, optionally making them members in a status first; 300 per call',
				action: 'Create or update program members',
			},
			{
				name: 'Describe',
				value: 'describe',
				description: 'Get the member fields and searchable fields of programs',
				action: 'Describe program members',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description:
					'Get the members of a program by lead, status, another field, or updated date (7 days per call). A lead that is not a member gives found: false.',
				action: 'Get many program members',
			},
			{
				name: 'Set Status',
				value: 'setStatus',
				description:
					'Set the program status of leads (they become members if needed), 300 per call; a lead already in or past the status is skipped (1037)',
				action: 'Set the program status of leads',
			},
		],
		default: 'getAll',
	},
	...createOrUpdate.description,
	...describe.description,
	...getAll.description,
	...setStatus.description,
];
