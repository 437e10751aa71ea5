import { defineResource } from '../../../shared/operation';
import { operation as get } from './get.operation';

const resource = defineResource('usage', [get], {
	default: 'get',
});

export const description = resource.properties;
export const operations = resource.operations;
