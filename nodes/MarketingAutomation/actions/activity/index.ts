import { defineResource } from '../../../shared/operation';
import { NODE_VERSIONS } from '../versions';
import { operation as getEmailBounces } from './getEmailBounces.operation';
import { operation as getEmailOpens } from './getEmailOpens.operation';
import { operation as getLeadChanges } from './getLeadChanges.operation';

const resource = defineResource('activity', [getEmailBounces, getEmailOpens, getLeadChanges], {
	default: 'getEmailBounces',
	versions: NODE_VERSIONS,
});

export const description = resource.properties;
export const operations = resource.operations;
