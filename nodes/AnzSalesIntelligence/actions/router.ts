import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { routeOperation, type OperationModule } from '../../shared/router';
import * as apiCall from './apiCall';
import * as company from './company';
import * as person from './person';

const operations: Record<string, OperationModule> = {
	'person:enrich': person.enrich,
	'person:search': person.search,
	'company:enrich': company.enrich,
	'apiCall:request': apiCall.request,
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeOperation.call(this, operations);
}
