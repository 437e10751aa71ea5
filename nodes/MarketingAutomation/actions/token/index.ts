import { defineResource } from '../../../shared/operation';
import { operation as createOrUpdate } from './createOrUpdate.operation';
import { operation as del } from './delete.operation';
import { operation as getAll } from './getAll.operation';

export const token = defineResource('token', [createOrUpdate, del, getAll], {
	default: 'getAll',
});
