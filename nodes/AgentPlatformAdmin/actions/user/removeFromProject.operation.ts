import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

import { operationFields, userIdField } from '../../helpers/fields';
import { requireId, USER_ID } from '../../helpers/validation';
import { removeUser } from '../../transport';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'removeFromProject' satisfies AgentPlatformAdminMap['user'];

export const description = operationFields('user', operation, [userIdField()]);

export const option: INodePropertyOptions = {
	name: 'Remove From Project',
	value: operation,
	action: 'Remove a user from the project by user ID',
	description:
		'Remove a user from the project named in the credential (not from the organization). Needs an Admin key.',
};

function readUserId(this: IExecuteFunctions, itemIndex: number): string {
	return requireId(
		this.getNode(),
		itemIndex,
		this.getNodeParameter('userId', itemIndex, ''),
		USER_ID,
	);
}

/** Every item is checked before the first call. */
export function validate(this: IExecuteFunctions, itemIndex: number): void {
	readUserId.call(this, itemIndex);
}

/** Safe to repeat: retried after a failure that leaves open whether the user was removed. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const userId = readUserId.call(this, itemIndex);
	const { removedByEarlierAttempt } = await removeUser.call(this, userId, itemIndex);
	if (!removedByEarlierAttempt) return { removed: true, user_id: userId };
	return {
		removed: true,
		user_id: userId,
		removed_by_earlier_attempt: true,
		note: `An earlier attempt got no clear answer; asked again, the service no longer knew ${userId} as a member of the project: the user is removed, most likely by that attempt.`,
	};
}
