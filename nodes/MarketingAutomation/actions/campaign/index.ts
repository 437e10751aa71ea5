import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { fromVersionTwo, versionedOperation, versionOne } from '../versions';
import * as activate from './activate.operation';
import * as deactivate from './deactivate.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as schedule from './schedule.operation';
import * as trigger from './trigger.operation';

export const operations = { activate, deactivate, get, getAll, schedule, trigger };

const versionOneOptions: INodePropertyOptions[] = [
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
];

export const description: INodeProperties[] = [
	// Version 2 adds Activate and Deactivate (trigger campaigns).
	versionedOperation(
		'campaign',
		fromVersionTwo,
		[
			{
				name: 'Activate',
				value: 'activate',
				description: 'Switch a trigger campaign on, so its triggers start running leads',
				action: 'Activate a trigger campaign',
			},
			{
				name: 'Deactivate',
				value: 'deactivate',
				description: 'Switch a trigger campaign off',
				action: 'Deactivate a trigger campaign',
			},
			...versionOneOptions,
		],
		'getAll',
	),
	versionedOperation('campaign', versionOne, versionOneOptions, 'getAll'),
	...activate.description,
	...deactivate.description,
	...get.description,
	...getAll.description,
	...schedule.description,
	...trigger.description,
];
