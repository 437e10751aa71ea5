import { defineResource } from '../../../shared/operation';
import { operation as getStatistics } from './getStatistics.operation';

const resource = defineResource('landingPage', [getStatistics], {
	default: 'getStatistics',
});

export const description = resource.properties;
export const operations = resource.operations;
