import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

import { operationFields, userIdField } from '../../helpers/fields';
import { API_KEY_ID, readIdParameter, USER_ID } from '../../helpers/validation';
import { revokeApiKey } from '../../transport/directory';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'revoke' satisfies AgentPlatformAdminMap['apiKey'];

export const description = operationFields('apiKey', operation, [
	userIdField(),
	{
		displayName: 'API Key ID',
		name: 'keyId',
		type: 'string',
		required: true,
		default: '',
		description: 'The ID of the key, as API Key → Create and API Key → Get Many return it',
	},
]);

export const option: INodePropertyOptions = {
	name: 'Revoke',
	value: operation,
	action: 'Revoke an API key of a user',
	description: 'Revoke a user’s API key, so it stops working at once. Needs an Admin key.',
};

function readInput(this: IExecuteFunctions, itemIndex: number) {
	return {
		userId: readIdParameter(this, 'userId', itemIndex, USER_ID),
		keyId: readIdParameter(this, 'keyId', itemIndex, API_KEY_ID),
	};
}

export function validate(this: IExecuteFunctions, itemIndex: number): void {
	readInput.call(this, itemIndex);
}

/** Safe to repeat: retried after a failure that leaves open whether the key was revoked. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { userId, keyId } = readInput.call(this, itemIndex);
	await revokeApiKey(this, userId, keyId, itemIndex);
	return { revoked: true, user_id: userId, id: keyId };
}
