import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { isFatal } from '../../enrichment/http';
import { routeOperation, type ResourceOperations } from '../../shared/router';
import * as apiCall from './apiCall';
import * as company from './company';
import * as person from './person';

const resources: ResourceOperations = {
	person: { enrich: person.enrich, search: person.search },
	company: { enrich: company.enrich },
	apiCall: { request: apiCall.request },
};

/** A missing-credit or refused-key answer stops the node: every further call would fail the same way. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeOperation.call(this, resources, { stopsRun: isFatal });
}
