import { defineResource, type Operation } from '../../../shared/operation';
import { fromVersionTwo, versionOne } from '../versions';
import { operation as getEmailBounces } from './getEmailBounces.operation';
import { operation as getEmailOpens } from './getEmailOpens.operation';
import { operation as getLeadChanges } from './getLeadChanges.operation';

const resource = defineResource('activity', [getEmailBounces, getEmailOpens, getLeadChanges], {
	default: 'getEmailBounces',
	versions: [
		{ version: 1, show: versionOne },
		{ version: 2, show: fromVersionTwo },
	],
});

export const description = resource.properties;
export const operations = resource.operations as Record<
	'getEmailBounces' | 'getEmailOpens' | 'getLeadChanges',
	Operation
>;
