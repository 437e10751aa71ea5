import type { INodeProperties } from 'n8n-workflow';

import * as addLeads from './addLeads.operation';
import * as getAll from './getAll.operation';
import * as getMembers from './getMembers.operation';
import * as removeLeads from './removeLeads.operation';

export const operations = { addLeads, getAll, getMembers, removeLeads };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['list'] } },
		options: [
			{
				name: 'Add Leads',
				value: 'addLeads',
				description: 'Add leads to a static list, 300 per call',
				action: 'Add leads to a list',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get many static lists',
				action: 'Get many lists',
			},
			{
				name: 'Get Members',
				value: 'getMembers',
				description: 'Get the leads of a static list',
				action: 'Get list members',
			},
			{
				name: 'Remove Leads',
				value: 'removeLeads',
				description: 'Remove leads from a static list, 300 per call',
				action: 'Remove leads from a list',
			},
		],
		default: 'getAll',
	},
	...addLeads.description,
	...getAll.description,
	...getMembers.description,
	...removeLeads.description,
];
