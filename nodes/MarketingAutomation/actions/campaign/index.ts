import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as schedule from './schedule.operation';
import * as trigger from './trigger.operation';

export const operations = { get, getAll, schedule, trigger };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['campaign'] } },
		options: [
			{ name: 'Get', value: 'get', description: 'Get a campaign', action: 'Get a campaign' },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get many campaigns',
				action: 'Get many campaigns',
			},
			{
				name: 'Schedule',
				value: 'schedule',
				description: 'Schedule a batch campaign',
				action: 'Schedule a campaign',
			},
			{
				name: 'Trigger',
				value: 'trigger',
				description: 'Run leads through a trigger campaign, 100 per call',
				action: 'Trigger a campaign',
			},
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
	...schedule.description,
	...trigger.description,
];
