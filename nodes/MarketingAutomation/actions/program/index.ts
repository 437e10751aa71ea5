import { defineResource } from '../../../shared/operation';
import { NODE_VERSIONS } from '../versions';
import { operation as approve } from './approve.operation';
import { operation as clone } from './clone.operation';
import { operation as create } from './create.operation';
import { operation as get } from './get.operation';
import { operation as getAll } from './getAll.operation';
import { operation as getEmailPrograms } from './getEmailPrograms.operation';
import { operation as getStatistics } from './getStatistics.operation';
import { operation as unapprove } from './unapprove.operation';

export const program = defineResource(
	'program',
	[approve, clone, create, get, getAll, getEmailPrograms, getStatistics, unapprove],
	{
		default: 'getStatistics',
		versions: NODE_VERSIONS,
	},
);
