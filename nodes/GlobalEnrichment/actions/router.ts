import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { routeOperation, type OperationModule } from '../../shared/router';
import * as apiCall from './apiCall';
import * as company from './company';
import * as contact from './contact';

const operations: Record<string, OperationModule> = {
	'contact:enrich': contact.enrich,
	'contact:find': contact.find,
	'contact:search': contact.search,
	'company:enrich': company.enrich,
	'company:find': company.find,
	'company:search': company.search,
	'apiCall:request': apiCall.request,
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeOperation.call(this, operations);
}
