import { defineResource } from '../../../shared/operation';
import { NODE_VERSIONS } from '../versions';
import { operation as addLeads } from './addLeads.operation';
import { operation as create } from './create.operation';
import { operation as remove } from './delete.operation';
import { operation as getAll } from './getAll.operation';
import { operation as getMembers } from './getMembers.operation';
import { operation as removeLeads } from './removeLeads.operation';

export const list = defineResource(
	'list',
	[addLeads, create, remove, getAll, getMembers, removeLeads],
	{
		default: 'getAll',
		versions: NODE_VERSIONS,
	},
);
