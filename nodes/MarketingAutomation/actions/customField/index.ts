import { defineResource } from '../../../shared/operation';
import { operation as create } from './create.operation';
import { operation as getAll } from './getAll.operation';

const resource = defineResource('customField', [create, getAll], {
	default: 'create',
});

export const description = resource.properties;
export const operations = resource.operations;
