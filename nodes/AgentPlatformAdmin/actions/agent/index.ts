import { defineResource } from '../../../shared/operation';
import { RENAMED } from '../versions';
import { operation as getAll } from './getAll.operation';
import { operation as getReply } from './getReply.operation';
import { operation as run } from './run.operation';

export const agent = defineResource('agent', [getAll, getReply, run], {
	default: 'run',
	renamed: RENAMED,
});
