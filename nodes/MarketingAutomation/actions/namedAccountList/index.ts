import { defineResource } from '../../../shared/operation';
import { operation as addNamedAccounts } from './addNamedAccounts.operation';
import { operation as create } from './create.operation';
import { operation as remove } from './delete.operation';
import { operation as getAll } from './getAll.operation';
import { operation as getMembers } from './getMembers.operation';
import { operation as removeNamedAccounts } from './removeNamedAccounts.operation';

export const namedAccountList = defineResource(
	'namedAccountList',
	[addNamedAccounts, create, remove, getAll, getMembers, removeNamedAccounts],
	{ default: 'getAll' },
);
