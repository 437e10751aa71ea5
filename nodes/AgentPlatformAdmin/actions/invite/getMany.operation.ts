import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { operationFields } from '../../helpers/fields';
import { listInvites } from '../../transport/directory';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'getMany' satisfies AgentPlatformAdminMap['invite'];

export const description = operationFields('invite', operation, [...returnAllAndLimit]);

export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: operation,
	action: 'Get many pending invites',
	description:
		'List the pending invites of the project, with their e-mail status. Needs an Admin key.',
};

/** The platform answers every invite at once; Limit keeps the first ones. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return (await listInvites(this, itemIndex)).slice(0, limitOf(this, itemIndex));
}
