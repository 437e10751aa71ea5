import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { operationFields } from '../../helpers/fields';
import { projectLocator, readProject } from '../../helpers/project';
import { listInvites } from '../../transport/directory';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'getMany' satisfies AgentPlatformAdminMap['invite'];

export const description = operationFields('invite', operation, [
	projectLocator,
	...returnAllAndLimit,
]);

export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: operation,
	action: 'Get many pending invites',
	description:
		'List the pending invites of a project (by default the credential’s), with their e-mail status. Needs an Admin key.',
};

/** Every item is checked before the first call. */
export function validate(this: IExecuteFunctions, itemIndex: number): void {
	readProject(this, itemIndex);
}

/** The platform answers every invite at once; Limit keeps the first ones. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const invites = await listInvites(this, itemIndex, readProject(this, itemIndex));
	return invites.slice(0, limitOf(this, itemIndex));
}
