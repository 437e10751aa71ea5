import { defineResource } from '../../../shared/operation';
import { operation as addRows } from './addRows.operation';
import { operation as deleteRows } from './deleteRows.operation';
import { operation as getRows } from './getRows.operation';
import { operation as getTables } from './getTables.operation';
import { operation as updateRows } from './updateRows.operation';

export const knowledge = defineResource(
	'knowledge',
	[addRows, deleteRows, getRows, getTables, updateRows],
	{ default: 'getRows' },
);
