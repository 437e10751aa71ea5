import { defineResource } from '../../../shared/operation';
import { RENAMED } from '../versions';
import { operation as del } from './delete.operation';
import { operation as get } from './get.operation';
import { operation as getAll } from './getAll.operation';

export const conversation = defineResource('conversation', [del, get, getAll], {
	default: 'getAll',
	renamed: RENAMED,
});
