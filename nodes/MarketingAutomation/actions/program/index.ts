import { defineResource, type Operation } from '../../../shared/operation';
import { fromVersionTwo, versionOne } from '../versions';
import { operation as getEmailPrograms } from './getEmailPrograms.operation';
import { operation as getStatistics } from './getStatistics.operation';

const resource = defineResource('program', [getEmailPrograms, getStatistics], {
	default: 'getStatistics',
	versions: [
		{ version: 1, show: versionOne },
		{ version: 2, show: fromVersionTwo },
	],
});

export const description = resource.properties;
export const operations = resource.operations as Record<
	'getEmailPrograms' | 'getStatistics',
	Operation
>;
