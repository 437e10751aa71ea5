import { defineResource } from '../../../shared/operation';
import { RENAMED } from '../versions';
import { operation as getAll } from './getAll.operation';
import { operation as run } from './run.operation';

export const tool = defineResource('tool', [getAll, run], { default: 'run', renamed: RENAMED });
