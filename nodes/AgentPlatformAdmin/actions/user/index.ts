import { defineResource } from '../../../shared/operation';
import { RENAMED } from '../versions';
import { operation as getAll } from './getAll.operation';
import { operation as getCurrent } from './getCurrent.operation';
import { operation as removeFromProject } from './removeFromProject.operation';
import { operation as updateRole } from './updateRole.operation';

export const user = defineResource('user', [getAll, getCurrent, removeFromProject, updateRole], {
	default: 'updateRole',
	renamed: RENAMED,
});
