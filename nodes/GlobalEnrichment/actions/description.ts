import type { INodeProperties } from 'n8n-workflow';

import { toolAnswerLimitsField } from '../../shared/toolLimits';
import * as apiCall from './apiCall';
import * as company from './company';
import * as contact from './contact';

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
	...contact.description,
	...company.description,
	...apiCall.description,
	// Shown only when the node is an AI agent's tool.
	toolAnswerLimitsField,
];
