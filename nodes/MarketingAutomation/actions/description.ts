import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { ResourceOperations } from '../../shared/operation';
import { toolAnswerLimitsField } from '../../shared/toolLimits';
import { activity } from './activity';
import { apiCall } from './apiCall';
import { bulkExtract } from './bulkExtract';
import { bulkImport } from './bulkImport';
import { campaign } from './campaign';
import { company } from './company';
import { customField } from './customField';
import { customObject } from './customObject';
import { email } from './email';
import { flowStep } from './flowStep';
import { form } from './form';
import { landingPage } from './landingPage';
import { lead } from './lead';
import { list } from './list';
import { namedAccount } from './namedAccount';
import { namedAccountList } from './namedAccountList';
import { opportunity } from './opportunity';
import { opportunityRole } from './opportunityRole';
import { program } from './program';
import { programMember } from './programMember';
import { token } from './token';
import { usage } from './usage';
import { fromVersionTwo, versionOne } from './versions';

/** Every resource, in the order its fields are listed. */
const resources = [
	activity,
	apiCall,
	bulkExtract,
	bulkImport,
	campaign,
	company,
	customField,
	customObject,
	email,
	flowStep,
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
];

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
	{ name: 'Flow Step', value: 'flowStep' },
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
	...resources.flatMap((resource) => resource.properties),
	// Shown only when the node is an AI agent's tool.
	toolAnswerLimitsField,
];

/** Resource value → operation value → operation, for the router. */
export const operations: ResourceOperations = Object.fromEntries(
	resources.map((resource) => [resource.value, resource.operations]),
);
