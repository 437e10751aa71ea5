import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { routeOperation } from '../../shared/router';
import { operations } from './description';
import { OLD_VALUES } from './versions';

/** Every operation runs through the shared router (checks first, pairedItem, Continue On Fail). */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeOperation.call(this, operations, { oldValues: OLD_VALUES });
}
