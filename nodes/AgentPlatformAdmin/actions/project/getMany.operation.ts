import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { operationFields } from '../../helpers/fields';
import { collectPages } from '../../helpers/paging';
import { listProjects } from '../../transport/directory';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'getMany' satisfies AgentPlatformAdminMap['project'];

export const description = operationFields('project', operation, [...returnAllAndLimit]);

export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: operation,
	action: 'Get many projects',
	description: 'List the projects the API key can see, with their organization',
};

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await collectPages(
		async (page, pageSize) => await listProjects(this, page, pageSize, itemIndex),
		limitOf(this, itemIndex),
	);
}
