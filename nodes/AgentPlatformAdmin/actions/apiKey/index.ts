import { defineResource } from '../../../shared/operation';
import { RENAMED } from '../versions';
import { operation as create } from './create.operation';
import { operation as getAll } from './getAll.operation';
import { operation as revoke } from './revoke.operation';

export const apiKey = defineResource('apiKey', [create, getAll, revoke], {
	default: 'getAll',
	renamed: RENAMED,
});
