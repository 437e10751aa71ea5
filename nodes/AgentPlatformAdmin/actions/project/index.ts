import { defineResource } from '../../../shared/operation';
import { RENAMED } from '../versions';
import { operation as create } from './create.operation';
import { operation as getAll } from './getAll.operation';

export const project = defineResource('project', [create, getAll], {
	default: 'create',
	renamed: RENAMED,
});
