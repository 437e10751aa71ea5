import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { isFatal } from '../../enrichment/errors';
import { routeOperation, type NodeResources } from '../../shared/router';
import * as apiCall from './apiCall';
import * as company from './company';
import * as contact from './contact';
import type { GlobalEnrichmentMap } from './node.type';

const resources = {
	contact: contact.operations,
	company: company.operations,
	apiCall: apiCall.operations,
} satisfies NodeResources<GlobalEnrichmentMap>;

/** A refused key, missing credits or a used-up quota stops the node: every further call would fail. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeOperation.call(this, resources, { stopsRun: isFatal });
}
