import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { routeOperation, type NodeResources } from '../../shared/router';
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
import type { MarketingAutomationMap } from './node.type';
import * as program from './program';

const resources = {
	activity: activity.operations,
	apiCall: apiCall.operations,
	bulkExtract: bulkExtract.operations,
	bulkImport: bulkImport.operations,
	campaign: campaign.operations,
	customField: customField.operations,
	email: email.operations,
	landingPage: landingPage.operations,
	lead: lead.operations,
	list: list.operations,
	program: program.operations,
} satisfies NodeResources<MarketingAutomationMap>;

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeOperation.call(this, resources);
}
