import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { ResourceOperations } from '../../shared/operation';
import { toolAnswerLimitsField } from '../../shared/toolLimits';
import * as activity from './activity';
import * as apiCall from './apiCall';
import * as bulkExtract from './bulkExtract';
import * as bulkImport from './bulkImport';
import * as campaign from './campaign';
import * as company from './company';
import * as customField from './customField';
import * as customObject from './customObject';
import * as email from './email';
import * as form from './form';
import * as landingPage from './landingPage';
import * as lead from './lead';
import * as list from './list';
import * as namedAccount from './namedAccount';
import * as namedAccountList from './namedAccountList';
import * as opportunity from './opportunity';
import * as opportunityRole from './opportunityRole';
import * as program from './program';
import * as programMember from './programMember';
import * as token from './token';
import * as usage from './usage';
import { fromVersionTwo, versionOne } from './versions';

/** Every resource, in the order its fields are listed. */
const resources = {
	activity,
	apiCall,
	bulkExtract,
	bulkImport,
	campaign,
	company,
	customField,
	customObject,
	email,
	form,
	landingPage,
	lead,
	list,
	namedAccount,
	namedAccountList,
	opportunity,
	opportunityRole,
	program,
	programMember,
	token,
	usage,
};

/** The resources of version 1, as saved workflows know them. */
const versionOneResources: INodePropertyOptions[] = [
	{ name: 'Activity', value: 'activity' },
	{ name: 'API Call', value: 'apiCall' },
	{ name: 'Campaign', value: 'campaign' },
	{ name: 'Custom Field', value: 'customField' },
	{ name: 'Email', value: 'email' },
	{ name: 'Landing Page', value: 'landingPage' },
	{ name: 'Lead', value: 'lead' },
	{ name: 'List', value: 'list' },
	{ name: 'Program', value: 'program' },
];

/** Version 2 adds the bulk jobs and the rest of the lead database (companies, opportunities, …). */
const versionTwoResources: INodePropertyOptions[] = [
	...versionOneResources,
	{ name: 'Bulk Extract', value: 'bulkExtract' },
	{ name: 'Bulk Import', value: 'bulkImport' },
	{ name: 'Company', value: 'company' },
	{ name: 'Custom Object', value: 'customObject' },
	{ name: 'Form', value: 'form' },
	{ name: 'Named Account', value: 'namedAccount' },
	{ name: 'Named Account List', value: 'namedAccountList' },
	{ name: 'Opportunity', value: 'opportunity' },
	{ name: 'Opportunity Role', value: 'opportunityRole' },
	{ name: 'Program Member', value: 'programMember' },
	{ name: 'Token', value: 'token' },
	{ name: 'Usage', value: 'usage' },
].sort((a, b) => a.name.localeCompare(b.name));

const resourceField = (
	options: INodePropertyOptions[],
	show: NonNullable<INodeProperties['displayOptions']>['show'],
): INodeProperties => ({
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show },
	options,
	default: 'lead',
});

/** Resource → Operation, then each operation's own parameters. */
export const properties: INodeProperties[] = [
	// n8n describes a tool from the first Resource and Operation parameters, whatever the version:
	// version 2's lists (which hold every option) come first.
	resourceField(versionTwoResources, fromVersionTwo),
	resourceField(versionOneResources, versionOne),
	...Object.values(resources).flatMap((resource) => resource.description),
	// Shown only when the node is an AI agent's tool.
	toolAnswerLimitsField,
];

/** Resource value → operation value → operation, for the router. */
export const operations: ResourceOperations = Object.fromEntries(
	Object.entries(resources).map(([value, resource]) => [value, resource.operations]),
);
