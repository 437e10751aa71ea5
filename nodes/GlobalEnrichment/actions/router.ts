import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { isFatal } from '../../enrichment/errors';
import { routeOperation } from '../../shared/router';
import { operations } from './description';

/** A refused key, missing credits or a used-up quota stops the node: every further call would fail. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeOperation.call(this, operations, { stopsRun: isFatal });
}
