import type { INodeProperties } from 'n8n-workflow';

import type { ResourceOperations } from '../../shared/operation';

import { toolAnswerLimitsField } from '../../shared/toolLimits';
import { apiCall } from './apiCall';
import { company } from './company';
import { contact } from './contact';

/** Resource selector and every operation's parameters. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'API Call', value: 'apiCall' },
			{ name: 'Company', value: 'company' },
			{ name: 'Contact', value: 'contact' },
		],
		default: 'contact',
	},
	...contact.properties,
	...company.properties,
	...apiCall.properties,
	// Shown only when the node is an AI agent's tool.
	toolAnswerLimitsField,
];

/** Resource value → operation value → operation, for the router. */
export const operations: ResourceOperations = Object.fromEntries(
	[contact, company, apiCall].map((resource) => [resource.value, resource.operations]),
);
