import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { operationFields } from '../../helpers/fields';
import { collectPages } from '../../helpers/paging';
import { listAgents } from '../../transport/agents';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'getMany' satisfies AgentPlatformAdminMap['agent'];

export const description = operationFields('agent', operation, [...returnAllAndLimit]);

export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: operation,
	action: 'Get many agents',
	description: 'List the agents of the project named in the credential, with their IDs and names',
};

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await collectPages(
		async (page, pageSize) => await listAgents(this, page, pageSize, itemIndex),
		limitOf(this, itemIndex),
	);
}
