import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ResourceOperations } from '../../shared/operation';
import { routeOperation } from '../../shared/router';
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

/** Resource value → operation value → operation, for the router. */
const operations: ResourceOperations = {
	activity: activity.operations,
	apiCall: apiCall.operations,
	bulkExtract: bulkExtract.operations,
	bulkImport: bulkImport.operations,
	campaign: campaign.operations,
	company: company.operations,
	customField: customField.operations,
	customObject: customObject.operations,
	email: email.operations,
	form: form.operations,
	landingPage: landingPage.operations,
	lead: lead.operations,
	list: list.operations,
	namedAccount: namedAccount.operations,
	namedAccountList: namedAccountList.operations,
	opportunity: opportunity.operations,
	opportunityRole: opportunityRole.operations,
	program: program.operations,
	programMember: programMember.operations,
	token: token.operations,
	usage: usage.operations,
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeOperation.call(this, operations);
}
