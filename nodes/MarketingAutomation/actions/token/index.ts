import { defineResource } from '../../../shared/operation';
import { operation as createOrUpdate } from './createOrUpdate.operation';
import { operation as del } from './delete.operation';
import { operation as getAll } from './getAll.operation';

const resource = defineResource('token', [createOrUpdate, del, getAll], {
	default: 'getAll',
});

export const description = resource.properties;
export const operations = resource.operations;
