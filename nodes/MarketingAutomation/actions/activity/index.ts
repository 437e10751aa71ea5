import { defineResource } from '../../../shared/operation';
import { NODE_VERSIONS } from '../versions';
import { operation as getEmailBounces } from './getEmailBounces.operation';
import { operation as getEmailOpens } from './getEmailOpens.operation';
import { operation as getLeadChanges } from './getLeadChanges.operation';

export const activity = defineResource(
	'activity',
	[getEmailBounces, getEmailOpens, getLeadChanges],
	{
		default: 'getEmailBounces',
		versions: NODE_VERSIONS,
	},
);
