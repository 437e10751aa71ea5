import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { operationFields, userIdField } from '../../helpers/fields';
import { readIdParameter, USER_ID } from '../../helpers/validation';
import { listApiKeys } from '../../transport/directory';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'getMany' satisfies AgentPlatformAdminMap['apiKey'];

export const description = operationFields('apiKey', operation, [
	userIdField(),
	...returnAllAndLimit,
]);

export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: operation,
	action: 'Get many API keys of a user',
	description: 'List the API keys of a user (their IDs and labels, never the keys themselves)',
};

const readUserId = (ctx: IExecuteFunctions, itemIndex: number) =>
	readIdParameter(ctx, 'userId', itemIndex, USER_ID);

export function validate(this: IExecuteFunctions, itemIndex: number): void {
	readUserId(this, itemIndex);
}

/** The platform answers every key at once; Limit keeps the first ones. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const userId = readUserId(this, itemIndex);
	return (await listApiKeys(this, userId, itemIndex)).slice(0, limitOf(this, itemIndex));
}
