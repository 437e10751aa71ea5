import type { INodeProperties } from 'n8n-workflow';

import type { ResourceOperations } from '../../shared/operation';

import { toolAnswerLimitsField } from '../../shared/toolLimits';
import { apiCall } from './apiCall';
import { company } from './company';
import { person } from './person';

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
			{ name: 'Person', value: 'person' },
		],
		default: 'person',
	},
	...person.properties,
	...company.properties,
	...apiCall.properties,
	// Shown only when the node is an AI agent's tool.
	toolAnswerLimitsField,
];

/** Resource value → operation value → operation, for the router. */
export const operations: ResourceOperations = Object.fromEntries(
	[person, company, apiCall].map((resource) => [resource.value, resource.operations]),
);
