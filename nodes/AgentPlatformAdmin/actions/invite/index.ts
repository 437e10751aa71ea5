import { defineResource } from '../../../shared/operation';
import { RENAMED } from '../versions';
import { operation as changeRole } from './changeRole.operation';
import { operation as create } from './create.operation';
import { operation as remove } from './delete.operation';
import { operation as getAll } from './getAll.operation';
import { operation as resend } from './resend.operation';

export const invite = defineResource('invite', [changeRole, create, remove, getAll, resend], {
	default: 'create',
	renamed: RENAMED,
});
