import { defineResource } from '../../../shared/operation';
import { operation as get } from './get.operation';

export const usage = defineResource('usage', [get], {
	default: 'get',
});
