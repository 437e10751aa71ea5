import { defineResource } from '../../../shared/operation';
import { operation as create } from './create.operation';
import { operation as getAll } from './getAll.operation';

export const customField = defineResource('customField', [create, getAll], {
	default: 'create',
});
