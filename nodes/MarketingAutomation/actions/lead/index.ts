import { defineResource } from '../../../shared/operation';
import { NODE_VERSIONS } from '../versions';
import { operation as createOrUpdate } from './createOrUpdate.operation';
import { operation as remove } from './delete.operation';
import { operation as describe } from './describe.operation';
import { operation as getAll } from './getAll.operation';
import { operation as getChanges } from './getChanges.operation';
import { operation as merge } from './merge.operation';

// Version 2 adds Delete, Describe and Merge.
export const lead = defineResource(
	'lead',
	[createOrUpdate, remove, describe, getAll, getChanges, merge],
	{
		default: 'createOrUpdate',
		versions: NODE_VERSIONS,
	},
);
