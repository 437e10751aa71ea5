import { defineResource, type Operation } from '../../../shared/operation';
import { NODE_VERSIONS } from '../versions';
import { operation as getEmailPrograms } from './getEmailPrograms.operation';
import { operation as getStatistics } from './getStatistics.operation';

const resource = defineResource('program', [getEmailPrograms, getStatistics], {
	default: 'getStatistics',
	versions: NODE_VERSIONS,
});

export const description = resource.properties;
export const operations = resource.operations as Record<
	'getEmailPrograms' | 'getStatistics',
	Operation
>;
