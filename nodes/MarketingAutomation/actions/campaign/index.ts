import { defineResource } from '../../../shared/operation';
import { NODE_VERSIONS } from '../versions';
import { operation as activate } from './activate.operation';
import { operation as clone } from './clone.operation';
import { operation as deactivate } from './deactivate.operation';
import { operation as get } from './get.operation';
import { operation as getAll } from './getAll.operation';
import { operation as getByName } from './getByName.operation';
import { operation as schedule } from './schedule.operation';
import { operation as trigger } from './trigger.operation';

export const campaign = defineResource(
	'campaign',
	[activate, clone, deactivate, get, getAll, getByName, schedule, trigger],
	{
		default: 'getAll',
		versions: NODE_VERSIONS,
	},
);
