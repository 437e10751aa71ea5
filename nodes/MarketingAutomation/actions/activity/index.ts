import type { INodeProperties } from 'n8n-workflow';

import * as getEmailBounces from './getEmailBounces.operation';
import * as getEmailOpens from './getEmailOpens.operation';
import * as getLeadChanges from './getLeadChanges.operation';

export const operations = { getEmailBounces, getEmailOpens, getLeadChanges };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['activity'] } },
		options: [
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
			{
				name: 'Get Lead Changes',
				value: 'getLeadChanges',
				description: 'Get data value changes of leads since a date',
				action: 'Get lead changes',
			},
		],
		default: 'getEmailBounces',
	},
	...getEmailBounces.description,
	...getEmailOpens.description,
	...getLeadChanges.description,
];
