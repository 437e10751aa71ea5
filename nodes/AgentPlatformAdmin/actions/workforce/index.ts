import { defineResource } from '../../../shared/operation';
import { RENAMED } from '../versions';
import { operation as getAll } from './getAll.operation';
import { operation as getTask } from './getTask.operation';
import { operation as getTasks } from './getTasks.operation';
import { operation as run } from './run.operation';

export const workforce = defineResource('workforce', [getAll, getTask, getTasks, run], {
	default: 'run',
	renamed: RENAMED,
});
