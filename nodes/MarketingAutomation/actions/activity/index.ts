import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { fromVersionTwo, versionedOperation, versionOne } from '../versions';
import * as getEmailBounces from './getEmailBounces.operation';
import * as getEmailOpens from './getEmailOpens.operation';
import * as getLeadChanges from './getLeadChanges.operation';

export const operations = { getEmailBounces, getEmailOpens, getLeadChanges };

const emailActivities: INodePropertyOptions[] = [
	{
		name: 'Get Email Bounces',
		value: 'getEmailBounces',
		description: 'Get email bounce activities since a date',
		action: 'Get email bounces',
	},
	{
		name: 'Get Email Opens',
		value: 'getEmailOpens',
		description: 'Get email open activities since a date',
		action: 'Get email opens',
	},
];

export const description: INodeProperties[] = [
	// Version 1 also offers Get Lead Changes here; from version 2 it is only Lead → Get Changes.
	versionedOperation(
		'activity',
		versionOne,
		[
			...emailActivities,
			{
				name: 'Get Lead Changes',
				value: 'getLeadChanges',
				description: 'Get data value changes of leads since a date',
				action: 'Get lead changes',
			},
		],
		'getEmailBounces',
	),
	versionedOperation('activity', fromVersionTwo, emailActivities, 'getEmailBounces'),
	...getEmailBounces.description,
	...getEmailOpens.description,
	...getLeadChanges.description,
];
