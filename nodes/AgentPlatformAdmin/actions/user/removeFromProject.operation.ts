import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

import { operationFields } from '../../helpers/fields';
import { memberIdField, projectLocator, readProject } from '../../helpers/project';
import { requireId, USER_ID } from '../../helpers/validation';
import { removeUser } from '../../transport';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'removeFromProject' satisfies AgentPlatformAdminMap['user'];

export const description = operationFields('user', operation, [projectLocator, memberIdField]);

export const option: INodePropertyOptions = {
	name: 'Remove From Project',
	value: operation,
	action: 'Remove a user from a project by user ID',
	description:
		'Remove a user from a project, by default the credential’s (not from the organization). Needs an Admin key.',
};

function readInput(this: IExecuteFunctions, itemIndex: number) {
	return {
		project: readProject(this, itemIndex),
		userId: requireId(
			this.getNode(),
			itemIndex,
			this.getNodeParameter('userId', itemIndex, ''),
			USER_ID,
		),
	};
}

/** Every item is checked before the first call. */
export function validate(this: IExecuteFunctions, itemIndex: number): void {
	readInput.call(this, itemIndex);
}

/** Safe to repeat: retried after a failure that leaves open whether the user was removed. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { project, userId } = readInput.call(this, itemIndex);
	const { removedByEarlierAttempt } = await removeUser.call(this, userId, itemIndex, project);
	if (!removedByEarlierAttempt) return { removed: true, user_id: userId };
	return {
		removed: true,
		user_id: userId,
		removed_by_earlier_attempt: true,
		note: `An earlier attempt got no clear answer; asked again, the service no longer knew ${userId} as a member of the project: the user is removed, most likely by that attempt.`,
	};
}
