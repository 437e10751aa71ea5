import type { INodeProperties } from 'n8n-workflow';

import { toolAnswerLimitsField } from '../../shared/toolLimits';
import * as activity from './activity';
import * as apiCall from './apiCall';
import * as campaign from './campaign';
import * as customField from './customField';
import * as email from './email';
import * as landingPage from './landingPage';
import * as lead from './lead';
import * as list from './list';
import * as program from './program';

/** Resource → Operation, then each operation's own parameters. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Activity', value: 'activity' },
			{ name: 'API Call', value: 'apiCall' },
			{ name: 'Campaign', value: 'campaign' },
			{ name: 'Custom Field', value: 'customField' },
			{ name: 'Email', value: 'email' },
			{ name: 'Landing Page', value: 'landingPage' },
			{ name: 'Lead', value: 'lead' },
			{ name: 'List', value: 'list' },
			{ name: 'Program', value: 'program' },
		],
		default: 'lead',
	},
	...activity.description,
	...apiCall.description,
	...campaign.description,
	...customField.description,
	...email.description,
	...landingPage.description,
	...lead.description,
	...list.description,
	...program.description,
	// Shown only when the node is an AI agent's tool.
	toolAnswerLimitsField,
];
