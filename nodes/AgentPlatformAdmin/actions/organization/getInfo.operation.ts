import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

import { operationFields } from '../../helpers/fields';
import { readOrganizationInfo } from '../../transport/directory';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'getInfo' satisfies AgentPlatformAdminMap['organization'];

export const description = operationFields('organization', operation, []);

export const option: INodePropertyOptions = {
	name: 'Get Info',
	value: operation,
	action: 'Get credits and concurrency of the organization',
	description:
		'Read the organization’s credits, plan and live concurrency: how many runs the plan allows at once (limit), run now (active) and wait (pending)',
};

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await readOrganizationInfo(this, itemIndex);
}
