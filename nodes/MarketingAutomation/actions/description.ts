import type { INodeProperties } from 'n8n-workflow';

import { toolAnswerLimitsField } from '../../shared/toolLimits';
import * as activity from './activity';
import * as apiCall from './apiCall';
import * as bulkExtract from './bulkExtract';
import * as bulkImport from './bulkImport';
import * as campaign from './campaign';
import * as customField from './customField';
import * as email from './email';
import * as landingPage from './landingPage';
import * as lead from './lead';
import * as list from './list';
import * as program from './program';
import { fromVersionTwo, versionOne } from './versions';

/** Version 2 adds the bulk jobs (version 1 keeps its list, as saved workflows show it). */
const resourcesFromVersionTwo = [
	{ name: 'Activity', value: 'activity' },
	{ name: 'API Call', value: 'apiCall' },
	{ name: 'Bulk Extract', value: 'bulkExtract' },
	{ name: 'Bulk Import', value: 'bulkImport' },
	{ name: 'Campaign', value: 'campaign' },
	{ name: 'Custom Field', value: 'customField' },
	{ name: 'Email', value: 'email' },
	{ name: 'Landing Page', value: 'landingPage' },
	{ name: 'Lead', value: 'lead' },
	{ name: 'List', value: 'list' },
	{ name: 'Program', value: 'program' },
];
const resources = resourcesFromVersionTwo.filter((r) => !r.value.startsWith('bulk'));

/** Resource → Operation, then each operation's own parameters. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: versionOne },
		options: resources,
		default: 'lead',
	},
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: fromVersionTwo },
		options: resourcesFromVersionTwo,
		default: 'lead',
	},
	...activity.description,
	...apiCall.description,
	...bulkExtract.description,
	...bulkImport.description,
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
